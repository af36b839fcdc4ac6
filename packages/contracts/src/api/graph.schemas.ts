import { idParamsSchema } from '../common';
import { workspaceGraphSchema } from '../graph';
import { graphRoutes } from './graph';
import { schemasFor } from './schemas';

export const graphSchemas = schemasFor(graphRoutes, {
  ofWorkspace: {
    summary:
      'The wiring of a workspace with its live state: sources, players & recorders, targets and recent recordings as nodes, and the feeds between them as edges',
    params: idParamsSchema,
    response: workspaceGraphSchema,
  },
});
