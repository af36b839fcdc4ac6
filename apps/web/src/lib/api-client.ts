import { createClient } from '@stromwerk/client/create-client';
import { session } from './session';

/** The one API client of the app; the token is read on every call so login and logout need no rebuild. */
export const api = createClient({
  auth: () => {
    const token = session.token();
    return token ? { bearer: token } : null;
  },
});
