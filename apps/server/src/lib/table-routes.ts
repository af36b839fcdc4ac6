import { describeRoute, errorCodesOf, type RouteTable } from '@stromwerk/contracts/api/route';
import type { RouteSchemas, SchemasOf } from '@stromwerk/contracts/api/schemas';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorResponsesOf } from './declared-errors';
import { noContent } from './route';

type Out<S, K extends keyof RouteSchemas> = S extends { [P in K]: infer Z extends z.ZodType }
  ? z.output<Z>
  : undefined;
type Result<S> = S extends { response: infer Z extends z.ZodType } ? z.input<Z> : unknown;

/** The request a table route's handler sees: params, query and body already validated and typed. */
export type TableRequest<S extends RouteSchemas> = FastifyRequest<{
  Params: Out<S, 'params'>;
  Querystring: Out<S, 'query'>;
  Body: Out<S, 'body'>;
}>;

export type TableHandler<S extends RouteSchemas> = (
  req: TableRequest<S>,
  reply: FastifyReply,
) => Result<S> | Promise<Result<S>>;

/** A handler, or a handler with server-only options (rate limits, attempt limits, body size). */
export type Binding<S extends RouteSchemas> =
  | TableHandler<S>
  | { handler: TableHandler<S>; config?: Partial<FastifyContextConfig>; bodyLimit?: number };

/**
 * Registers every route of a resource's table (issue 11): method, path, schemas, success status and
 * access come from `packages/contracts/src/api`; the route module supplies only handlers. The compiler
 * refuses a table route without a handler. Tenancy is still decided by the services through the access
 * service; the table's access rule opens public routes, closes platform routes to non-administrators,
 * documents the rest and drives the generated access matrix.
 */
export function registerTable<T extends RouteTable, S extends SchemasOf<T>>(
  app: FastifyInstance,
  table: T,
  schemas: S,
  tags: string[],
  bindings: { [K in keyof T]: Binding<S[K]> },
): void {
  for (const name of Object.keys(table) as (keyof T & string)[]) {
    const route = table[name]!;
    const s: RouteSchemas = schemas[name];
    const binding = bindings[name] as Binding<RouteSchemas>;
    const { handler, config, bodyLimit } = typeof binding === 'function' ? { handler: binding } : binding;
    const status = route.status ?? 200;
    const success = s.response ? { [status]: s.response } : status === 204 ? { 204: noContent } : {};
    const auth = route.access === 'public' ? 'public' : route.access === 'platform' ? 'admin' : 'user';
    app.route({
      method: route.method,
      url: route.path,
      ...(bodyLimit ? { bodyLimit } : {}),
      schema: {
        tags,
        ...(s.summary ? { summary: s.summary } : {}),
        description: describeRoute(route),
        ...(s.params ? { params: s.params } : {}),
        ...(s.query ? { querystring: s.query } : {}),
        ...(s.body ? { body: s.body } : {}),
        ...(route.consumes ? { consumes: [route.consumes] } : {}),
        response: { ...success, ...errorResponsesOf(route, s.errors), ...s.responses },
      },
      config: { auth, tableRoute: route, errorCodes: new Set(errorCodesOf(route, s.errors)), ...config },
      // Not async: a handler that answers without waiting (the caller's own account, a cached read) is
      // answered in the same turn, without a promise of ours around its result (issue 32).
      handler: (req, reply) => {
        const result = handler(req as never, reply);
        if (isThenable(result)) return result.then((value) => answer(reply, value, status));
        answer(reply, result, status);
      },
    });
  }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** Sends a handler's result with the route's success status, unless the handler answered itself. */
function answer(reply: FastifyReply, result: unknown, status: number): FastifyReply {
  // A handler that answered itself (a file stream) returns the reply: its headers may not be out yet
  // (onSend hooks run first), so `reply.sent` can still be false; sending again would fail the request.
  if (reply.sent || result === reply) return reply;
  // A handler may answer another documented status (health's 503) by setting it on the reply.
  if (status !== 200 && reply.statusCode === 200) reply.status(status);
  if (status === 204) return reply.send();
  return reply.send(result);
}
