import { createLazyClient } from '@stromwerk/client/lazy-client';
import { session } from './session';

/**
 * The one API client of the app; the token is read on every call so login and logout need no rebuild.
 * Its live resources (sources, players, media, jobs, drafts, ...) load on first use, or as soon as a user
 * is logged in (app.tsx), so /login does not download their route tables.
 */
export const api = createLazyClient(
  {
    auth: () => {
      const token = session.token();
      return token ? { bearer: token } : null;
    },
  },
  () => import('@stromwerk/client/live-resources').then((m) => m.liveResources),
);
