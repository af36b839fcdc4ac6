import { healthRoutes } from '@stromwerk/contracts/api/health';
import type { healthSchemas } from '@stromwerk/contracts/api/health.schemas';
import type { HttpCore } from './http';
import { tableApi } from './table-api';

/** No auth needed; reports each part and the engine serving it. */
export const healthApi = (http: HttpCore) =>
  tableApi<typeof healthRoutes, typeof healthSchemas>(http, healthRoutes);

export type HealthApi = ReturnType<typeof healthApi>;
