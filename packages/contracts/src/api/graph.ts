import { routeTable, ws } from './route';

/** The Flowchart (issue 16): a workspace's sources, players, targets and recordings as a live graph. */
export const graphRoutes = routeTable({
  ofWorkspace: { method: 'GET', path: '/workspaces/:id/graph', access: ws('read') },
  // A mounted Flowchart takes a lease on its workspace's live stats; the server samples only while one is held.
  watch: { method: 'PUT', path: '/workspaces/:id/graph/watch', access: ws('read'), status: 204 },
  unwatch: { method: 'DELETE', path: '/workspaces/:id/graph/watch', access: ws('read'), status: 204 },
});
