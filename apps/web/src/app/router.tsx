import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { type NavigationName, workspaceAreas } from '../lib/navigation';
import type { RouteHandle } from '../lib/route-params';
import { GuestOnly, RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import {
  AddCorporationPage,
  AddWorkspacePage,
  AdminPage,
  AreaPage,
  ClippingPage,
  CommentsPage,
  CorporationPage,
  CorporationUsagePage,
  CreateAccountPage,
  EditorPage,
  FlowchartPage,
  ForgotPasswordPage,
  LoginPage,
  MediasPage,
  NotFoundPage,
  OutputsPage,
  ResetPasswordPage,
  SourcesPage,
  TargetsPage,
  UserSettingsPage,
  UserSocialsPage,
  VerifyEmailPage,
  WorkspaceHomePage,
  WorkspaceScope,
  WorkspaceSelectionPage,
  WorkspaceUsagePage,
} from './routes/pages';

const workspaceHandle: RouteHandle = { navigation: 'workspace' };

/** Every workspace area's page, by navigation name. */
const areaPages: Partial<Record<NavigationName, ComponentType>> = {
  sources: SourcesPage,
  targets: TargetsPage,
  players: OutputsPage,
  flowchart: FlowchartPage,
  media: MediasPage,
  editor: EditorPage,
  clipping: ClippingPage,
  comments: CommentsPage,
};

function AreaContent({ name }: { name: NavigationName }) {
  const Content = areaPages[name];
  return Content ? <Content /> : null;
}

export const routes: RouteObject[] = [
  {
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
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <WorkspaceSelectionPage /> },
          { path: 'add-workspace', element: <AddWorkspacePage /> },
          { path: 'add-corporation', element: <AddCorporationPage /> },
          { path: 'user/settings', element: <UserSettingsPage /> },
          { path: 'user/socials', element: <UserSocialsPage /> },
          { path: 'admin', element: <AdminPage /> },
          { path: ':corporationId', element: <CorporationPage /> },
          { path: ':corporationId/usage', element: <CorporationUsagePage /> },
          {
            path: ':corporationId/:workspaceId',
            element: <WorkspaceScope />,
            handle: workspaceHandle,
            children: [
              { index: true, element: <WorkspaceHomePage />, handle: workspaceHandle },
              { path: 'usage', element: <WorkspaceUsagePage />, handle: workspaceHandle },
              ...workspaceAreas.map((area) => ({
                path: area.to,
                element: (
                  <AreaPage area={area}>
                    <AreaContent name={area.name} />
                  </AreaPage>
                ),
                handle: workspaceHandle,
              })),
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
