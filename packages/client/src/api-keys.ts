import { apiKeyRoutes } from '@stromwerk/contracts/api/api-keys';
import type { apiKeySchemas } from '@stromwerk/contracts/api/api-keys.schemas';
import type { HttpCore } from './http';
import { tableApi } from './table-api';

/** API keys; `create` answers the only time the key itself is shown. */
export const apiKeysApi = (http: HttpCore) =>
  tableApi<typeof apiKeyRoutes, typeof apiKeySchemas>(http, apiKeyRoutes);

export type ApiKeysApi = ReturnType<typeof apiKeysApi>;
