import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { type NavigationName, workspaceAreas } from '../lib/navigation';
import type { RouteHandle } from '../lib/route-params';
import { RequireAuth } from './require-auth';
import {
  AddCorporationPage,
  AddWorkspacePage,
  AdminPage,
  AreaPage,
  ClippingPage,
  CommentsPage,
  CorporationPage,
  CorporationUsagePage,
  EditorPage,
  FlowchartPage,
  MediasPage,
  NotFoundPage,
  OutputsPage,
  SourceStudioPage,
  SourcesPage,
  TargetsPage,
  UserSettingsPage,
  UserSocialsPage,
  WorkspaceHomePage,
  WorkspaceScope,
  WorkspaceSelectionPage,
  WorkspaceUsagePage,
} from './routes/pages';

// The routes behind login, with every area's page: a chunk of their own that the router adds on the
// first navigation that needs them (router.tsx), so a guest's /login does not load the route tree.

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

/** The sources area: pages below it (a source's studio) are gated by its feature as the area is. */
const sourcesArea = workspaceAreas.find((area) => area.name === 'sources')!;

function AreaContent({ name }: { name: NavigationName }) {
  const Content = areaPages[name];
  return Content ? <Content /> : null;
}

/** Everything under the root layout apart from the login pages; `*` is the signed-in "not found". */
export const signedInRoutes: RouteObject = {
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
        {
          path: 'sources/:sourceId/studio',
          element: (
            <AreaPage area={sourcesArea}>
              <SourceStudioPage />
            </AreaPage>
          ),
          handle: workspaceHandle,
        },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ],
};
