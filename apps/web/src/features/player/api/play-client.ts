import { createHttp } from '@stromwerk/client/http';
import { tableApi } from '@stromwerk/client/table-api';
import { playRoutes } from '@stromwerk/contracts/api/play';
import type { playSchemas } from '@stromwerk/contracts/api/play.schemas';

/**
 * The public player's own client: viewers have no account, so no Authorization header is ever sent
 * (the viewer token travels in the `t` query parameter instead). Made from the route table like the
 * app's client, without the rest of the API.
 */
export const playApi = tableApi<typeof playRoutes, typeof playSchemas>(createHttp(), playRoutes);
