import { createCoreClient } from '@stromwerk/client/core-resources';
import { session } from './session';

/**
 * Logs out: the browser forgets the token at once, and the server is told to end that session (its token
 * stops working everywhere, its live connections close). A failed call changes nothing for the user.
 */
export function logout() {
  const token = session.token();
  session.clear();
  if (!token) return;
  const client = createCoreClient({ auth: () => ({ bearer: token }) });
  void client.users.logout().catch(() => {});
}
