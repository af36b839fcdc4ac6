import { Navigate, Outlet, useLocation } from 'react-router';
import { useLoggedIn } from '../lib/session';

/** Spec section 4: whenever logged-in is false the app goes to /login. */
export function RequireAuth() {
  const loggedIn = useLoggedIn();
  const location = useLocation();
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** The login form itself is pointless when already logged in. */
export function GuestOnly() {
  const loggedIn = useLoggedIn();
  if (loggedIn) return <Navigate to="/" replace />;
  return <Outlet />;
}
