import { apiKeyRoutes } from './api-keys';
import { brokerRoutes } from './broker';
import { clipRoutes } from './clips';
import { commentRoutes } from './comments';
import { corporationRoutes } from './corporations';
import { draftRoutes } from './drafts';
import { graphRoutes } from './graph';
import { healthRoutes } from './health';
import { identityRoutes } from './identity';
import { invitationRoutes } from './invitations';
import { jobRoutes } from './jobs';
import { mediaRoutes } from './medias';
import { notificationRoutes } from './notifications';
import { outputRoutes } from './outputs';
import { playRoutes } from './play';

export { identityRoutes } from './identity';

import { type Access, openApiPath, type Route, type RouteTable } from './route';
import { socialPostRoutes } from './social-posts';
import { socialRoutes } from './socials';
import { sourceRoutes } from './sources';
import { streamInfoRoutes } from './stream-infos';
import { targetRoutes } from './targets';
import { usageRoutes } from './usage';
import { whipRoutes } from './whip';
import { workspaceRoutes } from './workspaces';

/**
 * Every resource's route table, by the name the client uses (`client.sources.get(...)`). Zod-free.
 * Every /v1 operation is in one of them; the schemas are in `all-schemas.ts` under the same names.
 */
export const apiTables = {
  users: identityRoutes,
  apiKeys: apiKeyRoutes,
  health: healthRoutes,
  corporations: corporationRoutes,
  workspaces: workspaceRoutes,
  invitations: invitationRoutes,
  usage: usageRoutes,
  notifications: notificationRoutes,
  broker: brokerRoutes,
  sources: sourceRoutes,
  targets: targetRoutes,
  outputs: outputRoutes,
  comments: commentRoutes,
  streamInfos: streamInfoRoutes,
  medias: mediaRoutes,
  jobs: jobRoutes,
  clips: clipRoutes,
  drafts: draftRoutes,
  graph: graphRoutes,
  play: playRoutes,
  whip: whipRoutes,
  socials: socialRoutes,
  socialPosts: socialPostRoutes,
} as const satisfies Record<string, RouteTable>;

export interface TableOperation {
  resource: string;
  name: string;
  route: Route;
  /** `METHOD /v1/path/{param}`, as the OpenAPI document names the operation. */
  key: string;
}

/** Every operation of every table, flat. */
export function tableOperations(): TableOperation[] {
  return Object.entries(apiTables).flatMap(([resource, table]) =>
    Object.entries(table as RouteTable).map(([name, route]) => ({
      resource,
      name,
      route,
      key: `${route.method} /v1${openApiPath(route.path)}`,
    })),
  );
}

/** The access rule of every table operation, keyed like the OpenAPI document. */
export const tableAccess = (): Record<string, Access> =>
  Object.fromEntries(tableOperations().map((op) => [op.key, op.route.access]));
