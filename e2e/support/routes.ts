import type { Request } from '@playwright/test';
import { fillPath, type Route } from '@stromwerk/contracts/api/route';

/**
 * Matching the browser's API traffic against the route tables (issue 11), so specs that mock or watch
 * a call name the table entry instead of writing its method and path again.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regex source of the route's path below /v1 (`:id` -> `[^/?#]+`): each path parameter is one segment. */
const pathPattern = (route: Route) =>
  `/v1${route.path
    .split(/(:\w+)/)
    .map((part) => (part.startsWith(':') ? '[^/?#]+' : escapeRegExp(part)))
    .join('')}`;

/**
 * A URL matcher for `page.route` / `page.unroute` (Playwright compares regexes by source, so a second
 * call gives one that unroutes the first): the route's /v1 path on any origin, with or without a query
 * string. It does not look at the method; check that with `isCallOf(route.request(), ...)`.
 */
export function routeUrl(route: Route): RegExp {
  return new RegExp(`^[^?#]*${pathPattern(route)}(?:[?#].*)?$`);
}

/** Whether the browser's request calls this route: same method, URL as `routeUrl` matches. */
export function isCallOf(request: Request, route: Route): boolean {
  return request.method() === route.method && routeUrl(route).test(request.url());
}

/** `POST /v1/outputs/bulk-update`: how a call of the route shows as method and path, params filled in. */
export function callLine(route: Route, params?: Readonly<Record<string, unknown>>): string {
  return `${route.method} /v1${fillPath(route.path, params)}`;
}
