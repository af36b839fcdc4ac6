import { lazyTranslated as page } from '../../lib/lazy-translated';

// Every page is its own chunk: these are the signed-in pages, loaded
// with the signed-in routes (signed-in-routes.tsx), never by /login. Each page names the
// namespaces it needs beyond the bundled `common` and `auth`, so they load with it.

export const WorkspaceSelectionPage = page(
  () =>
    import('../../features/tenancy/components/workspace-selection-page').then(
      (m) => m.WorkspaceSelectionPage,
    ),
  'tenancy',
);
export const AddWorkspacePage = page(
  () => import('../../features/tenancy/components/add-workspace-page').then((m) => m.AddWorkspacePage),
  'tenancy',
);
// Re-exported by the add-workspace module: one chunk for both, one name less in the shell's preload map
// (/login's first load has no bytes to spare).
export const AddCorporationPage = page(
  () => import('../../features/tenancy/components/add-workspace-page').then((m) => m.AddCorporationPage),
  'tenancy',
);
export const CorporationPage = page(
  () => import('../../features/tenancy/components/corporation-page').then((m) => m.CorporationPage),
  'tenancy',
);
export const WorkspaceScope = page(
  () => import('../../features/tenancy/components/workspace-scope').then((m) => m.WorkspaceScope),
  'tenancy',
);
export const WorkspaceHomePage = page(
  () => import('../../features/tenancy/components/workspace-home-page').then((m) => m.WorkspaceHomePage),
  'tenancy',
  'navigation',
);
export const AreaPage = page(
  () => import('../../features/tenancy/components/area-page').then((m) => m.AreaPage),
  'navigation',
);
export const SourcesPage = page(
  () => import('../../features/sources/components/sources-page').then((m) => m.SourcesPage),
  'sources',
  'failures',
);
// Going live from the browser (issue 35): its capture and WebRTC code load only on this route.
export const SourceStudioPage = page(
  () => import('../../features/sources/components/source-studio-page').then((m) => m.SourceStudioPage),
  'sources',
);
export const TargetsPage = page(
  () => import('../../features/targets/components/targets-page').then((m) => m.TargetsPage),
  'targets',
  'failures',
);
export const MediasPage = page(
  () => import('../../features/medias/components/medias-page').then((m) => m.MediasPage),
  'medias',
);
export const OutputsPage = page(
  () => import('../../features/outputs/components/outputs-page').then((m) => m.OutputsPage),
  'outputs',
);
export const ClippingPage = page(
  () => import('../../features/clipping/components/clipping-page').then((m) => m.ClippingPage),
  'clipping',
  'medias',
);
export const EditorPage = page(
  () => import('../../features/editor/components/editor-page').then((m) => m.EditorPage),
  'editor',
  'medias',
);
export const CommentsPage = page(
  () => import('../../features/comments/components/comments-page').then((m) => m.CommentsPage),
  'comments',
);
export const FlowchartPage = page(
  () => import('../../features/flowchart/flowchart-route').then((m) => m.FlowchartRoute),
  'flowchart',
  'failures',
);
export const UserSettingsPage = page(
  () => import('../../features/account/components/user-settings-page').then((m) => m.UserSettingsPage),
  'account',
);
export const AdminPage = page(
  () => import('../../features/admin/components/admin-page').then((m) => m.AdminPage),
  'admin',
  'account',
  'tenancy',
);
export const UserSocialsPage = page(
  () => import('../../features/socials/components/socials-page').then((m) => m.SocialsPage),
  'socials',
);
export const NotFoundPage = page(() => import('../../components/not-found-page').then((m) => m.NotFoundPage));
// The usage screens and their chart library (@mui/x-charts) load only here.
export const CorporationUsagePage = page(
  () => import('../../features/usage/components/usage-page').then((m) => m.CorporationUsagePage),
  'usage',
);
export const WorkspaceUsagePage = page(
  () => import('../../features/usage/components/usage-page').then((m) => m.WorkspaceUsagePage),
  'usage',
);
