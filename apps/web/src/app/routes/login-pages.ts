import { lazyTranslated as page } from '../../lib/lazy-translated';

// The pages under /login, each its own chunk. The router has them from the start; the signed-in pages
// (pages.ts) come with the signed-in routes, after login. Each names the namespaces it needs beyond the
// bundled `common` and `auth`.

export const LoginPage = page(() =>
  import('../../features/auth/components/login-page').then((m) => m.LoginPage),
);
export const ForgotPasswordPage = page(() =>
  import('../../features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
export const ResetPasswordPage = page(() =>
  import('../../features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
);
export const VerifyEmailPage = page(() =>
  import('../../features/auth/components/verify-email-page').then((m) => m.VerifyEmailPage),
);
export const CreateAccountPage = page(
  () => import('../../features/auth/components/create-account-page').then((m) => m.CreateAccountPage),
  'tenancy',
);
