import { corporationRoutes } from '@stromwerk/contracts/api/corporations';
import type { corporationSchemas } from '@stromwerk/contracts/api/corporations.schemas';
import type { HttpCore } from './http';
import { tableApi } from './table-api';

export const corporationsApi = (http: HttpCore) =>
  tableApi<typeof corporationRoutes, typeof corporationSchemas>(http, corporationRoutes);
