import { fillPath, type RouteTable } from '@stromwerk/contracts/api/route';
import type { InputOf, OutputOf, RouteSchemas, SchemasOf } from '@stromwerk/contracts/api/schemas';
import type { Revived } from './dates';
import type { CallOpts, HttpCore, RequestOptions } from './http';
import { type QueryParams, toQueryString } from './query-string';

/** A file answer's address: path and, when the route takes one, its query (a CSV's range). */
const withQuery = (path: string, query: unknown) => {
  const qs = toQueryString(query as QueryParams | undefined);
  return qs ? `${path}?${qs}` : path;
};

// A route without params, query or body takes an empty input, so call options cannot be passed first
// by mistake (`me({ signal })` would send no signal).
type CallInput<S extends RouteSchemas> = unknown extends InputOf<S> ? Record<string, never> : InputOf<S>;

type Args<S extends RouteSchemas> =
  // biome-ignore lint/complexity/noBannedTypes: "a route that needs no input" is exactly `{}` here.
  {} extends CallInput<S> ? [input?: CallInput<S>, opts?: CallOpts] : [input: CallInput<S>, opts?: CallOpts];

/**
 * One function per route of a table, typed from its schemas (type-only: no zod in the browser bundle).
 * Multipart routes are left out: they go through the client's `upload`, which streams and reports progress.
 */
export type TableApi<T extends RouteTable, S extends SchemasOf<T>> = {
  readonly [K in keyof T as T[K] extends { consumes: string } ? never : K]: (
    ...args: Args<S[K]>
  ) => Promise<T[K] extends { produces: string } ? Blob : Revived<OutputOf<S[K]>>>;
};

interface Input {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * The client of one resource, made from its route table (issue 11): the method and path come from the
 * table, ids are URL-encoded into the path, and the types come from the table's schemas, so the client
 * cannot drift from the server.
 */
export function tableApi<T extends RouteTable, S extends SchemasOf<T>>(
  http: HttpCore,
  table: T,
): TableApi<T, S> {
  const api: Record<string, (input?: Input, opts?: CallOpts) => Promise<unknown>> = {};
  for (const [name, route] of Object.entries(table)) {
    if (route.consumes) continue;
    api[name] = async (input = {}, opts = {}) =>
      route.produces
        ? http.blob(withQuery(fillPath(route.path, input.params), input.query), opts)
        : http.request({
            method: route.method,
            path: fillPath(route.path, input.params),
            ...(input.query ? { query: input.query } : {}),
            ...(input.body !== undefined ? { body: input.body } : {}),
            ...opts,
          } as RequestOptions);
  }
  return api as TableApi<T, S>;
}
