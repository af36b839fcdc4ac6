import { lazy } from 'react';

/** Every page is its own chunk: /login loads only the shell and the login form. */
export const LoginPage = lazy(() =>
  import('../../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import('../../features/auth/components/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
export const ResetPasswordPage = lazy(() =>
  import('../../features/auth/components/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
export const VerifyEmailPage = lazy(() =>
  import('../../features/auth/components/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
export const CreateAccountPage = lazy(() =>
  import('../../features/auth/components/create-account-page').then((m) => ({
    default: m.CreateAccountPage,
  })),
);
export const WorkspaceSelectionPage = lazy(() =>
  import('../../features/tenancy/components/workspace-selection-page').then((m) => ({
    default: m.WorkspaceSelectionPage,
  })),
);
export const AddWorkspacePage = lazy(() =>
  import('../../features/tenancy/components/add-workspace-page').then((m) => ({
    default: m.AddWorkspacePage,
  })),
);
export const CorporationPage = lazy(() =>
  import('../../features/tenancy/components/corporation-page').then((m) => ({ default: m.CorporationPage })),
);
export const WorkspaceScope = lazy(() =>
  import('../../features/tenancy/components/workspace-scope').then((m) => ({ default: m.WorkspaceScope })),
);
export const WorkspaceHomePage = lazy(() =>
  import('../../features/tenancy/components/workspace-home-page').then((m) => ({
    default: m.WorkspaceHomePage,
  })),
);
export const AreaPage = lazy(() =>
  import('../../features/tenancy/components/area-page').then((m) => ({ default: m.AreaPage })),
);
export const SourcesPage = lazy(() =>
  import('../../features/sources/components/sources-page').then((m) => ({ default: m.SourcesPage })),
);
export const TargetsPage = lazy(() =>
  import('../../features/targets/components/targets-page').then((m) => ({ default: m.TargetsPage })),
);
export const MediasPage = lazy(() =>
  import('../../features/medias/components/medias-page').then((m) => ({ default: m.MediasPage })),
);
export const OutputsPage = lazy(() =>
  import('../../features/outputs/components/outputs-page').then((m) => ({ default: m.OutputsPage })),
);
export const CommentsPage = lazy(() =>
  import('../../features/comments/components/comments-page').then((m) => ({ default: m.CommentsPage })),
);
export const UserSettingsPage = lazy(() =>
  import('../../features/account/components/user-settings-page').then((m) => ({
    default: m.UserSettingsPage,
  })),
);
export const UserSocialsPage = lazy(() =>
  import('../../features/account/components/user-socials-page').then((m) => ({
    default: m.UserSocialsPage,
  })),
);
export const NotFoundPage = lazy(() =>
  import('../../components/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
