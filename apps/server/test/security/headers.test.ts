import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/plugins/config';
import { contentSecurityPolicy } from '../../src/plugins/security-headers';
import { OWNER } from '../helpers/test-app';
import { type RunningServer, startRunningServer } from './running-server';

/**
 * Finding 8 of issue 10: security headers on the web app, the API, the player and embed pages, no-store
 * on secrets, and the built web app served pre-compressed with long caching for hashed files. Needs the
 * built web app (the security project's global setup builds it when missing or stale).
 */
const dist = join(import.meta.dirname, '../../../web/dist');

/** A raw GET: the bytes as sent (fetch would decompress), with the headers. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );

function expectAppPolicy(res: Response) {
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['form-action']).toEqual(["'self'"]);
  expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
  expect(csp['media-src']).toContain('blob:');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  return csp;
}

describe('security headers (http PUBLIC_URL)', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startRunningServer();
  });
  afterAll(() => s.close());

  it('the built index.html has no inline script, so script-src can stay self only', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/assets\//);
      expect(body!.trim()).toBe('');
    }
  });

  it.each(['/', '/login', '/some/client/route'])(
    '%s: strict CSP, no framing, revalidated HTML',
    async (path) => {
      const res = await s.http(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const csp = expectAppPolicy(res);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      // The page's own websocket as the browser reached us (127.0.0.1 here), and PUBLIC_URL's.
      expect(csp['connect-src']).toEqual(["'self'", `ws://${new URL(s.url).host}`, 'ws://stromwerk.test']);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('API responses are never stored: login, 401, 404, sources with stream keys, API keys, broker', async () => {
    const login = await s.op('users.login', { json: OWNER });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { token: string }).token).toBeTruthy();
    expect(login.headers.get('cache-control')).toBe('no-store');
    const token = s.owner.token;
    const source = await s.op('sources.create', {
      token,
      json: { workspaceId: s.owner.workspaceId, name: 'Headers', type: 'rtmp', startNow: false },
    });
    expect(source.status).toBe(201);
    const { id } = (await source.json()) as { id: string };
    const apiKey = await s.op('apiKeys.create', {
      params: { id: s.owner.user.id },
      token,
      json: { name: 'headers' },
    });
    expect(apiKey.status).toBeLessThan(300);
    const responses = [
      source,
      apiKey,
      await s.op('sources.streamKey', { params: { id }, token }),
      await s.op('sources.list', { token }),
      await s.op('users.me', { token }),
      await s.op('broker.credentials', { token }),
      await s.op('users.me'),
      // An unknown route, so no operation of the table: the path is the subject.
      await s.http('/v1/nothing-here'),
      await s.op('health.get'),
    ];
    for (const res of responses) {
      expect(res.headers.get('cache-control'), res.url).toBe('no-store');
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), res.url).toBe('DENY');
      // Never a document: loads nothing, framed by no one, unreadable cross-origin (OWASP REST headers).
      expect(directives(res.headers.get('content-security-policy')), res.url).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers.get('cross-origin-resource-policy'), res.url).toBe('same-origin');
      expect(res.headers.get('cross-origin-opener-policy'), res.url).toBeNull();
    }
  });

  it('the API documentation is a page: it keeps the page policy', async () => {
    const docs = await s.http('/v1/docs/');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
    expectAppPolicy(docs);
    expect(docs.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('the player page and the embed page keep the whitelist as frame-ancestors, with the app policy', async () => {
    const create = (whitelist: string[]) =>
      s.op('outputs.create', {
        token: s.owner.token,
        json: { workspaceId: s.owner.workspaceId, name: `Player ${whitelist.length}`, whitelist },
      });
    const open = (await (await create([])).json()) as { id: string };
    const listed = (await (await create(['intranet.example.com'])).json()) as { id: string };

    const player = await s.http(`/player/${open.id}`);
    expect(player.status).toBe(200);
    // The player's own frame-ancestors (modules/play decides them), not the app's 'none'.
    expect(expectAppPolicy(player)['frame-ancestors']).not.toEqual(["'none'"]);
    expect(player.headers.get('x-frame-options')).toBeNull();

    const embed = await s.http(`/player/${listed.id}`, {
      headers: { referer: 'https://intranet.example.com/news' },
    });
    expect(embed.status).toBe(200);
    const ancestors = expectAppPolicy(embed)['frame-ancestors'];
    expect(ancestors).toContain('https://intranet.example.com');
    expect(ancestors).not.toContain('*');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('cache-control')).toBe('no-cache');
  });

  it('hashed assets: brotli, else gzip, else identity; immutable for a year', async () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const entry = html.match(/src="\/(assets\/[^"]+\.js)"/)![1]!;
    const original = readFileSync(join(dist, entry));
    const url = `${s.url}/${entry}`;

    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);

    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);

    for (const res of [br, gz, plain]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a missing hashed asset is a 404, not the app page', async () => {
    const res = await s.http('/assets/gone-0000.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

// Issue 31, item 4: behind a proxy that TRUST_PROXY names, the origin the browser used is the proxy's
// (X-Forwarded-Proto, X-Forwarded-Host): HSTS and the page's websocket follow it; from anyone else those
// headers are ignored, and a Host that is not a plain host name never reaches the policy.
describe('security headers behind a trusted proxy (http PUBLIC_URL)', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startRunningServer({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => s.close());
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'live.example.test' };

  it('sends HSTS and wss for the origin the proxy vouches for', async () => {
    const page = await s.http('/login', { headers: forwarded });
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const csp = directives(page.headers.get('content-security-policy'));
    expect(csp['connect-src']).toEqual(["'self'", 'wss://live.example.test', 'wss://stromwerk.test']);
    expect(csp).toHaveProperty('upgrade-insecure-requests');
    const api = await s.op('health.get', { headers: forwarded });
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const plain = await s.http('/login');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('takes no header injection through the host', async () => {
    const res = await s.http('/login', {
      headers: { 'x-forwarded-host': "evil.test; script-src 'unsafe-inline'" },
    });
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'ws://stromwerk.test']);
  });
});

describe('security headers without a trusted proxy', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startRunningServer();
  });
  afterAll(() => s.close());

  it('ignores X-Forwarded-Proto from anyone', async () => {
    const res = await s.http('/login', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('security headers (https PUBLIC_URL, external broker)', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startRunningServer({ PUBLIC_URL: 'https://live.example.test' });
  });
  afterAll(() => s.close());

  it('sends HSTS and lets pages reach only wss on our host', async () => {
    const res = await s.http('/login');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['connect-src']).toEqual(["'self'", `wss://${new URL(s.url).host}`, 'wss://live.example.test']);
    expect(csp).toHaveProperty('upgrade-insecure-requests');
    const api = await s.op('health.get');
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('adds the MQTT websocket and an absolute CDN origin to the policy', () => {
    const policy = contentSecurityPolicy(
      loadConfig({
        PUBLIC_URL: 'https://live.example.test',
        MQTT_URL: 'mqtt://broker.internal:1883',
        MQTT_PUBLIC_URL: 'wss://mqtt.example.test/mqtt',
        CDN_BASE_URL: 'https://cdn.example.test/files/',
      }),
    );
    expect(policy['connect-src']).toEqual(["'self'", 'wss://live.example.test', 'wss://mqtt.example.test']);
    expect(policy['img-src']).toContain('https://cdn.example.test');
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });
});
