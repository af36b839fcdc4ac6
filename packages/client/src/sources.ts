import { sourceRoutes } from '@stromwerk/contracts/api/sources';
import type { sourceSchemas } from '@stromwerk/contracts/api/sources.schemas';
import type { HttpCore } from './http';
import { tableApi } from './table-api';

export const sourcesApi = (http: HttpCore) =>
  tableApi<typeof sourceRoutes, typeof sourceSchemas>(http, sourceRoutes);
