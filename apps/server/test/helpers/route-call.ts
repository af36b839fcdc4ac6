import type { ApiSchemas } from '@stromwerk/contracts/api/all-schemas';
import { fillPath, openApiPath, type Route } from '@stromwerk/contracts/api/route';
import type { InputOf, OutputOf, RouteSchemas } from '@stromwerk/contracts/api/schemas';
import { apiTables } from '@stromwerk/contracts/api/tables';
import type { ErrorResponse } from '@stromwerk/contracts/errors';
import type { StromwerkApp } from '../../src/app';
import { type CallOptions, call } from './test-app';

type Schemas = ApiSchemas;
type Resource = keyof Schemas & keyof typeof apiTables;

/** `'sources.get'`, `'outputs.listInWorkspace'`, …: every operation of the route table. */
export type OperationName = { [R in Resource]: `${R}.${keyof Schemas[R] & string}` }[Resource];
type SchemaOf<N> = N extends `${infer R extends Resource}.${infer K}`
  ? K extends keyof Schemas[R]
    ? Schemas[R][K] & RouteSchemas
    : never
  : never;

/** A success body, or the error body when the status says so (tests look at both). */
export type Answer<S extends RouteSchemas> = OutputOf<S> & Partial<ErrorResponse>;

/**
 * Calls one operation of the route table through the real server (inject), the method and path taken
 * from the table, typed from its schemas: tests name operations, not method-and-path strings (issue 11).
 * Unlike the client it returns the status instead of throwing, so tests can assert refusals.
 */
export async function op<N extends OperationName>(
  app: StromwerkApp,
  name: N,
  input: InputOf<SchemaOf<N>> & Pick<CallOptions, 'token' | 'apiKey' | 'headers'>,
) {
  const { params, query, body, token, apiKey, headers } = input as {
    params?: Record<string, unknown>;
    query?: CallOptions['query'];
    body?: unknown;
  } & CallOptions;
  const { method, url } = routeOf(name, params);
  return call<Answer<SchemaOf<N>>>(app, method, url, {
    token,
    apiKey,
    headers,
    query,
    body,
  });
}

/** Method and `/v1` URL of one operation, for requests op() cannot send (multipart bodies, a real socket). */
export function routeOf(name: OperationName, params?: Readonly<Record<string, unknown>>) {
  const route = routeNamed(name);
  return { method: route.method, url: `/v1${fillPath(route.path, params)}` };
}

/** `METHOD /v1/path/{param}`: how the OpenAPI document (and tableOperations()) keys an operation. */
export function operationKey(name: OperationName): string {
  const route = routeNamed(name);
  return `${route.method} /v1${openApiPath(route.path)}`;
}

function routeNamed(name: OperationName): Route {
  const [resource, operation] = name.split('.') as [Resource, string];
  return (apiTables[resource] as Record<string, Route>)[operation]!;
}
