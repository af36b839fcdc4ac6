import { Navigate, Outlet, useLocation } from 'react-router';
import { useLoggedIn } from '../lib/session';
import { returnTo } from './return-to';

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
