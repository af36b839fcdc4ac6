import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * The security suite attacks the server as a client on the network would: real HTTP requests to a
 * listening server (real sockets, real headers such as X-Forwarded-For), not inject().
 */
export interface RunningServer extends TestContext {
  url: string;
  /** fetch() against the running server; `token` becomes a bearer header. */
  http(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
}

export async function startRunningServer(
  env: Record<string, string> = {},
  options: { live?: boolean; jobs?: boolean } = {},
): Promise<RunningServer> {
  const ctx = await createTestApp(env, options);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    ...ctx,
    url,
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
}
