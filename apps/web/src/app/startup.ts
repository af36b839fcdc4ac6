import type { QueryClient } from '@tanstack/react-query';
import { endsSession } from '../lib/api-errors';
import { applyLocale } from '../lib/i18n';
import { browserLanguages, isLocale, resolveLocale, storedLocale } from '../lib/locale';
import { corporationsQueryOptions } from '../lib/queries/corporations';
import { meQueryOptions } from '../lib/queries/me';
import { userFlagsQueryOptions } from '../lib/queries/user-flags';
import { workspacesQueryOptions } from '../lib/queries/workspaces';
import { session } from '../lib/session';

/**
 * Spec section 4, on start: if logged in, the user first, then the lists (corporations, workspaces,
 * and the user's feature flags for the navigation); then the locale; then ready. A 401 on the way
 * means the stored token is dead: the session ends and the start continues logged out.
 */
export async function startUp(queryClient: QueryClient, loggedIn: boolean): Promise<true> {
  let profileLanguage: string | null = null;
  if (loggedIn) {
    try {
      const me = await queryClient.fetchQuery(meQueryOptions());
      profileLanguage = me.language;
      await Promise.all([
        queryClient.ensureQueryData(corporationsQueryOptions()),
        queryClient.ensureQueryData(workspacesQueryOptions()),
        queryClient.ensureQueryData(userFlagsQueryOptions()),
      ]);
    } catch (error) {
      if (!endsSession(error)) throw error;
      session.clear();
    }
  }
  // The choice stored in this browser wins over the profile; both over the browser's languages.
  const stored = storedLocale();
  await applyLocale(resolveLocale(isLocale(stored) ? stored : profileLanguage, browserLanguages()));
  return true;
}
