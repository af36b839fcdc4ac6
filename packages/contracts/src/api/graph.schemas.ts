import { idParamsSchema } from '../common';
import { graphWatchQuerySchema, workspaceGraphSchema } from '../graph';
import { graphRoutes } from './graph';
import { schemasFor } from './schemas';

export const graphSchemas = schemasFor(graphRoutes, {
  ofWorkspace: {
    summary:
      'The wiring of a workspace with its live state: sources, players & recorders, targets and recent recordings as nodes, and the feeds between them as edges',
    params: idParamsSchema,
    response: workspaceGraphSchema,
  },
  watch: {
    summary:
      'Watch the live stats of the workspace (bitrate of live sources and running targets, published once a second on `…/workspace/{id}/stats/{entity id}`) for 30 s; renew to keep watching',
    params: idParamsSchema,
    query: graphWatchQuerySchema,
  },
  unwatch: {
    summary: 'Stop watching the live stats; with no watcher left the server stops sampling',
    params: idParamsSchema,
    query: graphWatchQuerySchema,
  },
});
