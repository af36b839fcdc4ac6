import { createBrowserRouter, type RouteObject } from 'react-router';
import { GuestOnly } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import {
  CreateAccountPage,
  ForgotPasswordPage,
  LoginPage,
  ResetPasswordPage,
  VerifyEmailPage,
} from './routes/login-pages';

const ROOT_ID = 'root';

/**
 * The route tree a guest needs: the root layout and the pages under /login. The signed-in routes (every
 * area's page) are a chunk of their own, added under the root by `patchRoutesOnNavigation` on the first
 * navigation that does not match here (React Router's lazy route discovery). A signed-in start at any
 * other path asks for them while the router starts, in parallel with the start-up requests.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ID,
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: 'login',
        children: [
          { element: <GuestOnly />, children: [{ index: true, element: <LoginPage /> }] },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'verify-email', element: <VerifyEmailPage /> },
          { path: 'create-account', element: <CreateAccountPage /> },
        ],
      },
    ],
  },
];

let signedInRoutes: Promise<RouteObject> | undefined;

/** Starts loading the signed-in routes (once); app.tsx calls it as soon as a user is logged in. */
export function loadSignedInRoutes(): Promise<RouteObject> {
  signedInRoutes ??= import('./signed-in-routes').then((m) => m.signedInRoutes);
  signedInRoutes.catch(() => {
    signedInRoutes = undefined; // a failed chunk load is tried again on the next navigation
  });
  return signedInRoutes;
}

export function createRouter() {
  let patched = false;
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ patch, signal }) {
      if (patched) return;
      const signedIn = await loadSignedInRoutes();
      // React Router ignores the patch of a navigation that was interrupted meanwhile (a login's own
      // navigate to the home page racing the login page's redirect there): only a patch made for a
      // navigation still running counts, or the next one would find no route and show the error page.
      if (patched || signal.aborted) return;
      patch(ROOT_ID, [signedIn]);
      patched = true;
    },
  });
}
