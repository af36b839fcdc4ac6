import { workspaceRoutes } from '@stromwerk/contracts/api/workspaces';
import type { workspaceSchemas } from '@stromwerk/contracts/api/workspaces.schemas';
import type { HttpCore } from './http';
import { tableApi } from './table-api';

export const workspacesApi = (http: HttpCore) =>
  tableApi<typeof workspaceRoutes, typeof workspaceSchemas>(http, workspaceRoutes);
