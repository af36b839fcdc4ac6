import { usageRoutes } from '@stromwerk/contracts/api/usage';
import type { usageSchemas } from '@stromwerk/contracts/api/usage.schemas';
import type { HttpCore } from './http';
import { tableApi } from './table-api';

/** Quota, usage of a corporation or a workspace, and the snapshot endpoint. */
export const usageApi = (http: HttpCore) =>
  tableApi<typeof usageRoutes, typeof usageSchemas>(http, usageRoutes);
