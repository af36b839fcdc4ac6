import { Navigate, Outlet, useLocation } from 'react-router';
import { useLoggedIn } from '../lib/session';

/** Where a guest was going before login sent them away: path, query and hash. */
function returnTo(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/(?!\/)/.test(from) && !from.startsWith('/login') ? from : '/';
}

/** Spec section 4: whenever logged-in is false the app goes to /login, remembering the deep link. */
export function RequireAuth() {
  const loggedIn = useLoggedIn();
  const { pathname, search, hash } = useLocation();
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: pathname + search + hash }} />;
  return <Outlet />;
}

/** The login form itself is pointless when already logged in: on to where the guest was going. */
export function GuestOnly() {
  const loggedIn = useLoggedIn();
  const location = useLocation();
  if (loggedIn) return <Navigate to={returnTo(location.state)} replace />;
  return <Outlet />;
}
