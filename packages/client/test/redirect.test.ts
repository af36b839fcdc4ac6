import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../src/create-client';
import { json, startServer, type TestServer } from './test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

describe('redirects', () => {
  it('answers a redirect with a GET to its Location, resolved against the request URL', async () => {
    server.handle = (req, res) =>
      req.path === '/v1/old'
        ? json(307, undefined, { location: 'new?x=1' })(req, res)
        : json(200, { at: req.url })(req, res);
    const client = createClient({ baseUrl: server.url, auth: () => ({ bearer: 't' }) });
    const result = await client.request({ method: 'POST', path: '/old', body: { a: 1 } });
    expect(result).toEqual({ at: '/v1/new?x=1' });
    expect(server.received.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v1/old', 'GET /v1/new?x=1']);
    // 307 would make fetch repeat the POST with its body; the spec's rule is a plain GET.
    expect(server.received[1]?.body.length).toBe(0);
    expect(server.received[1]?.headers.authorization).toBe('Bearer t');
  });

  it('does not send the token when the redirect points to another origin', async () => {
    const other = await startServer(json(200, { other: true }));
    try {
      server.handle = json(302, undefined, { location: `${other.url}/elsewhere` });
      const client = createClient({ baseUrl: server.url, auth: () => ({ bearer: 't' }) });
      expect(await client.users.me()).toEqual({ other: true });
      expect(other.received[0]?.method).toBe('GET');
      expect(other.received[0]?.headers.authorization).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('redirects in browsers (opaqueredirect)', () => {
  it('re-issues a GET to the same URL and lets the browser follow it', async () => {
    server.handle = (req, res) => json(200, { at: req.url })(req, res);
    const inits: RequestInit[] = [];
    // Browsers answer redirect: 'manual' with a bodiless opaqueredirect that hides the Location.
    const browserLike: typeof fetch = async (input, init) => {
      inits.push(init ?? {});
      if (inits.length > 1) return fetch(input, init);
      return {
        type: 'opaqueredirect',
        status: 0,
        url: String(input),
        headers: new Headers(),
        body: null,
      } as Response;
    };
    const client = createClient({ baseUrl: server.url, fetch: browserLike, auth: () => ({ bearer: 't' }) });
    const result = await client.request({
      method: 'PUT',
      path: '/things/1',
      query: { a: 1 },
      body: { b: 2 },
    });
    expect(inits.map((i) => [i.method, i.redirect])).toEqual([
      ['PUT', 'manual'],
      ['GET', 'follow'],
    ]);
    expect(result).toEqual({ at: '/v1/things/1?a=1' });
    expect(server.received.map((r) => `${r.method} ${r.url} ${r.headers.authorization}`)).toEqual([
      'GET /v1/things/1?a=1 Bearer t',
    ]);
  });
});
