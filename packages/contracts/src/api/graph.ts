import { routeTable, ws } from './route';

/** The Flowchart (issue 16): a workspace's sources, players, targets and recordings as a live graph. */
export const graphRoutes = routeTable({
  ofWorkspace: { method: 'GET', path: '/workspaces/:id/graph', access: ws('read') },
});
