import type { AddressInfo } from 'node:net';
import { type OperationName, routeOf } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * The security suite attacks the server as a client on the network would: real HTTP requests to a
 * listening server (real sockets, real headers such as X-Forwarded-For), not inject().
 */
export interface RunningServer extends TestContext {
  url: string;
  /** fetch() against the running server; `token` becomes a bearer header. */
  http(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  /**
   * http() to one operation of the route table: method and path from the table (issue 11), `params`
   * filling the path, `query` appended as a query string.
   */
  op(
    name: OperationName,
    init?: Omit<RequestInit, 'method'> & {
      token?: string;
      json?: unknown;
      params?: Readonly<Record<string, unknown>>;
      query?: Readonly<Record<string, string>>;
    },
  ): Promise<Response>;
}

export async function startRunningServer(
  env: Record<string, string> = {},
  options: { live?: boolean; jobs?: boolean } = {},
): Promise<RunningServer> {
  const ctx = await createTestApp(env, options);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    ...ctx,
    url,
    op(name, init = {}) {
      const { params, query, ...rest } = init;
      const { method, url: path } = routeOf(name, params);
      const search = query ? `?${new URLSearchParams(query)}` : '';
      return server.http(`${path}${search}`, { ...rest, method });
    },
    http(path, init = {}) {
      const { token, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return fetch(`${url}${path}`, {
        ...rest,
        headers,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
    },
  };
  return server;
}
