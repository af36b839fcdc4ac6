import { fillPath, type Route } from '@stromwerk/contracts/api/route';
import { apiTables, tableOperations } from '@stromwerk/contracts/api/tables';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../src/create-client';
import { json, startServer, type TestServer } from './test-server';

// Generated from the route table: a route added to packages/contracts/src/api is covered here without
// writing a case, and a client function that calls the wrong method or path fails.

let server: TestServer;
let client: Record<string, Record<string, (input?: object) => Promise<unknown>>>;
beforeAll(async () => {
  server = await startServer();
  client = createClient({ baseUrl: server.url }) as never;
});
beforeEach(() => {
  server.received.length = 0;
  server.handle = json(200, { ok: true });
});
afterAll(() => server.close());

/** A value per path parameter, with characters that must be encoded. */
const paramsOf = (route: Route) =>
  Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, `${name} 1/?`]));

describe('client made from the route table', () => {
  // Multipart routes go through `client.upload` (its own tests); every other route has a function.
  const called = tableOperations().filter((op) => !op.route.consumes);
  it.each(called.map((op) => [`${op.resource}.${op.name}`, op] as const))(
    '%s sends its method and path',
    async (_label, op) => {
      const params = paramsOf(op.route);
      const body = op.route.method === 'POST' || op.route.method === 'PUT' ? { probe: 1 } : undefined;
      if (op.route.produces) server.handle = (_req, res) => res.end('JPEG');
      const result = await client[op.resource]![op.name]!({ params, ...(body ? { body } : {}) });
      expect(server.received).toHaveLength(1);
      const req = server.received[0]!;
      expect(`${req.method} ${req.path}`).toBe(`${op.route.method} /v1${fillPath(op.route.path, params)}`);
      expect(req.path).not.toContain(' ');
      if (body) expect(JSON.parse(req.body.toString('utf8'))).toEqual(body);
      if (op.route.produces) expect(await (result as Blob).text()).toBe('JPEG');
    },
  );

  it('has a function for every table route and nothing else', () => {
    for (const [resource, table] of Object.entries(apiTables)) {
      const names = Object.entries(table).filter(([, route]) => !('consumes' in route));
      expect(Object.keys(client[resource]!).sort()).toEqual(names.map(([name]) => name).sort());
    }
  });

  it('sends the query of a list and maps a failure like every call', async () => {
    await client.sources!.list!({ query: { workspaceId: 'w1', limit: 5 } });
    expect(server.received[0]!.url).toBe('/v1/sources?workspaceId=w1&limit=5');
    server.handle = json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Source not found' });
    await expect(client.sources!.preview!({ params: { id: 'x' } })).rejects.toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
  });

  it('sends the query parameters and the body a hand-written call used to', async () => {
    const typed = createClient({ baseUrl: server.url });
    await typed.notifications.list({ query: { ready: false, limit: 5 } });
    await typed.invitations.list({ query: { scope: 'sent' } });
    await typed.corporations.hasAccess({ params: { id: 'c1' }, query: { permission: 'write' } });
    await typed.invitations.respond({ params: { id: 'i1' }, body: { accept: true, code: 'CODE' } });
    expect(server.received.map((r) => r.url)).toEqual([
      '/v1/notifications?ready=false&limit=5',
      '/v1/invitations?scope=sent',
      '/v1/corporations/c1/has-access?permission=write',
      '/v1/invitations/i1/respond',
    ]);
    expect(JSON.parse(server.received[3]!.body.toString('utf8'))).toEqual({ accept: true, code: 'CODE' });
  });

  it('refuses a call without a path parameter instead of sending a wrong path', async () => {
    await expect(client.sources!.get!({ params: {} })).rejects.toThrow('missing path parameter id');
    expect(server.received).toHaveLength(0);
  });
});
