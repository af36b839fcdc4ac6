import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Auth } from '../src/auth';
import { createClient } from '../src/create-client';
import { json, startServer, type TestServer } from './test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

/** Passes every call through to the real fetch while keeping the init it was given. */
function spyFetch() {
  const inits: RequestInit[] = [];
  const fetchSpy: typeof fetch = (input, init) => {
    inits.push(init ?? {});
    return fetch(input, init);
  };
  return { inits, fetchSpy };
}

describe('base path', () => {
  it('puts every route under /v1 below the configured baseUrl', async () => {
    const client = createClient({ baseUrl: `${server.url}/prefix/` });
    await client.users.me();
    expect(server.received[0]?.url).toBe('/prefix/v1/me');
  });

  it("uses the page's origin when baseUrl is '' (browser default)", async () => {
    const g = globalThis as { location?: { href: string } };
    g.location = { href: `${server.url}/app/some/page` };
    try {
      await createClient().health.get();
    } finally {
      delete g.location;
    }
    expect(server.received[0]?.url).toBe('/v1/health');
  });
});

describe('authorization header', () => {
  it('sends a session as Bearer', async () => {
    await createClient({ baseUrl: server.url, auth: () => ({ bearer: 'sess-1' }) }).users.me();
    expect(server.received[0]?.headers.authorization).toBe('Bearer sess-1');
  });

  it('sends an API key with the Token scheme', async () => {
    await createClient({ baseUrl: server.url, auth: () => ({ apiKey: 'key-1' }) }).users.me();
    expect(server.received[0]?.headers.authorization).toBe('Token key-1');
  });

  it('sends none when logged out, and follows the getter at run time', async () => {
    let auth: Auth | null = null;
    const client = createClient({ baseUrl: server.url, auth: () => auth });
    await client.users.me();
    auth = { bearer: 'later' };
    await client.users.me();
    auth = null;
    await client.users.me();
    expect(server.received.map((r) => r.headers.authorization)).toEqual([
      undefined,
      'Bearer later',
      undefined,
    ]);
  });
});

describe('fetch init', () => {
  it("sends credentials: 'include' and redirect: 'manual' on every request", async () => {
    const { inits, fetchSpy } = spyFetch();
    const client = createClient({ baseUrl: server.url, fetch: fetchSpy });
    await client.users.me();
    await client.corporations.create({ body: { name: 'Acme' } });
    await client.workspaces.remove({ params: { id: 'w1' } });
    expect(inits).toHaveLength(3);
    for (const init of inits) {
      expect(init.credentials).toBe('include');
      expect(init.redirect).toBe('manual');
    }
    expect(server.received).toHaveLength(3);
  });
});

describe('success', () => {
  it('resolves a 204 with undefined', async () => {
    server.handle = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    const client = createClient({ baseUrl: server.url });
    await expect(
      client.users.updatePassword({ params: { id: 'u1' }, body: { currentPassword: 'a', newPassword: 'b' } }),
    ).resolves.toBe(undefined);
  });

  it('parses 2xx JSON bodies', async () => {
    server.handle = json(201, { id: 'c1', name: 'Acme', features: ['usage'] });
    const created = await createClient({ baseUrl: server.url }).corporations.create({
      body: { name: 'Acme' },
    });
    expect(created).toEqual({ id: 'c1', name: 'Acme', features: ['usage'] });
  });
});

describe('payload', () => {
  it('sends GET query parameters: undefined skipped, arrays repeated, Dates as ISO', async () => {
    const since = new Date('2026-01-02T03:04:05.006Z');
    const client = createClient({ baseUrl: server.url });
    await client.request({
      method: 'GET',
      path: '/things',
      query: { limit: 10, search: 'a b&c', tag: ['x', 'y'], since, gone: undefined, on: true },
    });
    const req = server.received[0];
    expect(req?.path).toBe('/v1/things');
    expect([...(req?.query ?? [])]).toEqual([
      ['limit', '10'],
      ['search', 'a b&c'],
      ['tag', 'x'],
      ['tag', 'y'],
      ['since', '2026-01-02T03:04:05.006Z'],
      ['on', 'true'],
    ]);
    expect(req?.body.length).toBe(0);
    expect(req?.headers['content-type']).toBeUndefined();
  });

  it('sends DELETE query parameters', async () => {
    await createClient({ baseUrl: server.url }).request({
      method: 'DELETE',
      path: '/things/1',
      query: { hard: true },
    });
    expect(`${server.received[0]?.method} ${server.received[0]?.url}`).toBe('DELETE /v1/things/1?hard=true');
  });

  it('sends PUT with both query parameters and a JSON body', async () => {
    await createClient({ baseUrl: server.url }).request({
      method: 'PUT',
      path: '/things/1',
      query: { notify: false },
      body: { name: 'N', tags: ['a'] },
    });
    const req = server.received[0];
    expect(`${req?.method} ${req?.url}`).toBe('PUT /v1/things/1?notify=false');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(req?.body))).toEqual({ name: 'N', tags: ['a'] });
  });

  it('sends POST with a JSON body', async () => {
    await createClient({ baseUrl: server.url }).users.login({ body: { email: 'a@b.c', password: 'pw' } });
    const req = server.received[0];
    expect(`${req?.method} ${req?.url}`).toBe('POST /v1/login');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(req?.body))).toEqual({ email: 'a@b.c', password: 'pw' });
  });
});
