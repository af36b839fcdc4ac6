import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterRelay, RELAY_HEADER, VIEWER_IP_HEADER } from '../../src/modules/realtime/cluster-relay';

/**
 * A cluster's WHEP request passed to the program's writer (cluster-relay.ts), against a real HTTP server
 * standing for the writer: what goes along, what comes back, and which relay headers the writer trusts.
 */
const secret = new TextEncoder().encode('one secret every process shares');
let seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string } | undefined;
const writer = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    seen = { method: req.method, url: req.url, headers: req.headers, body };
    res.writeHead(201, {
      'content-type': 'application/sdp',
      location: '/v1/play/p1/whep/r1',
      link: '<stun:stun.example.net>; rel="ice-server"',
      'set-cookie': 'not=passed',
    });
    res.end('v=0 answer');
  });
});
let writerUrl = '';
beforeAll(async () => {
  await new Promise<void>((r) => writer.listen(0, '127.0.0.1', r));
  writerUrl = `http://127.0.0.1:${(writer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => writer.close(r)));

const relayTo = (url: string | undefined, holder = 'writer', me = 'front') =>
  new ClusterRelay({
    holderOf: async () => (url ? { holder, url } : undefined),
    me: () => me,
    secret: async () => secret,
  });
const request = {
  method: 'POST' as const,
  url: '/v1/play/p1/whep?t=viewer-token',
  headers: {
    host: 'stream.example.com',
    origin: 'https://intranet.example.com',
    'content-type': 'application/sdp',
    cookie: 'sw_session=abc',
    'x-other': 'dropped',
  },
  body: 'v=0 offer',
  ip: '203.0.113.7',
};

describe('a WHEP request passed to the writer of the program', () => {
  it('goes on as the viewer sent it, signed, and its answer comes back with its Location and links', async () => {
    const answer = await relayTo(writerUrl).pass('output', 'p1', request);
    expect(answer).toEqual({
      status: 201,
      headers: {
        'content-type': 'application/sdp',
        location: '/v1/play/p1/whep/r1',
        link: '<stun:stun.example.net>; rel="ice-server"',
      },
      body: 'v=0 answer',
    });
    expect(seen).toMatchObject({ method: 'POST', url: request.url, body: 'v=0 offer' });
    expect(seen!.headers).toMatchObject({
      host: 'stream.example.com',
      origin: 'https://intranet.example.com',
      cookie: 'sw_session=abc',
      [VIEWER_IP_HEADER]: '203.0.113.7',
    });
    expect(seen!.headers['x-other']).toBeUndefined();
    // The writer trusts the relay header for this method and path only, until it expires.
    const writerSide = relayTo(undefined);
    const header = seen!.headers[RELAY_HEADER];
    expect(await writerSide.relayed('POST', request.url, header)).toBe(true);
    expect(await writerSide.relayed('DELETE', request.url, header)).toBe(false);
    expect(await writerSide.relayed('POST', '/v1/play/p2/whep?t=viewer-token', header)).toBe(false);
    expect(await writerSide.relayed('POST', request.url, header, Date.now() + 60_000)).toBe(false);
  });

  it('signs the request target the writer receives, even where the URL parser re-encodes it', async () => {
    await relayTo(writerUrl).pass('output', 'p1', { ...request, url: '/v1/play/p1/whep?t=a b"c' });
    expect(seen!.url).toBe('/v1/play/p1/whep?t=a%20b%22c');
    expect(await relayTo(undefined).relayed('POST', seen!.url!, seen!.headers[RELAY_HEADER])).toBe(true);
  });

  it('refuses a forged or malformed relay header', async () => {
    const relay = relayTo(undefined);
    const exp = Math.floor(Date.now() / 1000) + 30;
    for (const header of [
      undefined,
      '',
      'garbage',
      `${exp}.`,
      `${exp}.AAAA`,
      `x.${'A'.repeat(43)}`,
      ['a', 'b'],
    ])
      expect(await relay.relayed('POST', request.url, header)).toBe(false);
    const other = new ClusterRelay({
      holderOf: async () => ({ holder: 'writer', url: writerUrl }),
      me: () => 'front',
      secret: async () => new TextEncoder().encode('another secret'),
    });
    await other.pass('output', 'p1', request);
    expect(await relay.relayed('POST', request.url, seen!.headers[RELAY_HEADER])).toBe(false);
  });

  it('passes nothing without a writer elsewhere that can be reached', async () => {
    expect(await relayTo(undefined).pass('output', 'p1', request)).toBeUndefined();
    expect(await relayTo(writerUrl, 'front', 'front').pass('output', 'p1', request)).toBeUndefined();
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    expect(await relayTo(gone).pass('output', 'p1', request)).toBeUndefined();
  });
});
