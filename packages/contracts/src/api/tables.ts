import { corporationRoutes } from './corporations';
import { invitationRoutes } from './invitations';
import { notificationRoutes } from './notifications';
import { type Access, openApiPath, type Route, type RouteTable } from './route';
import { sourceRoutes } from './sources';
import { usageRoutes } from './usage';
import { workspaceRoutes } from './workspaces';

/**
 * Every resource's route table, by the name the client uses (`client.sources.get(...)`). Zod-free.
 * Resources not listed here still declare their routes in their server route files (issue 11 moves them).
 */
export const apiTables = {
  corporations: corporationRoutes,
  workspaces: workspaceRoutes,
  invitations: invitationRoutes,
  usage: usageRoutes,
  notifications: notificationRoutes,
  sources: sourceRoutes,
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
