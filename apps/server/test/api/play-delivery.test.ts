import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { renderLlPlaylist } from '@stromwerk/media/ll-hls-playlist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { op, routeOf } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * How the player's HLS is delivered (issue 30 item 2), on playlist files written here as the program
 * writers write them: one token per request (a signed path prefix), compression, the delivery
 * directives' answers (RFC 8216bis 6.2.5.2) and delta updates of DVR playlists.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const pub = { headers: { origin: 'http://stromwerk.test' } };
async function player(name: string, extra: Record<string, unknown> = {}) {
  const out = await op(ctx.app, 'outputs.create', {
    token: ctx.owner.token,
    body: { workspaceId: ctx.owner.workspaceId, name, ...extra },
  });
  const id = out.body.id;
  const dir = join(ctx.dataDir, 'hls', id);
  mkdirSync(dir, { recursive: true });
  return { id, dir, write: (text: string) => writeFileSync(join(dir, 'index.m3u8'), text) };
}
async function viewer(id: string, body: Record<string, unknown> = {}) {
  const s = await op(ctx.app, 'play.session', { ...pub, params: { id }, body });
  expect(s.status).toBe(200);
  return { token: s.body.token, prefix: `/v1/play/${id}/t/${s.body.token}/` };
}
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...pub.headers, ...headers } });

/** A live playlist as ffmpeg writes the DVR profiles (8 s segments, a date-time on each). */
function dvrPlaylist(segments: number) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:8', '#EXT-X-MEDIA-SEQUENCE:1000'];
  for (let i = 0; i < segments; i++)
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(Date.UTC(2026, 10, 28) + i * 8000 + (i % 9)).toISOString()}`,
      '#EXTINF:8.000000,',
      `seg_${1000 + i}.ts`,
    );
  return `${lines.join('\n')}\n`;
}
/** A low-latency playlist: target 1 s (so a blocking reload gives up after 3 s), parts of 0.25 s. */
const llPlaylist = () =>
  renderLlPlaylist({
    segmentSeconds: 1,
    partTargetSeconds: 0.25,
    discontinuitySequence: 0,
    preloadHint: null,
    segments: [5, 6, 7].map((msn) => ({
      msn,
      uri: msn < 7 ? `seg_${msn}.m4s` : null,
      seconds: msn < 7 ? 1 : 0.5,
      parts: Array.from({ length: msn < 7 ? 4 : 2 }, (_, i) => ({
        uri: `part_${msn}_${i}.m4s`,
        seconds: 0.25,
        independent: i === 0,
      })),
      discontinuity: false,
      map: 'init_5.mp4',
      startedAt: Date.UTC(2026, 10, 28, 0, 0, msn),
    })),
  });

describe('one viewer token per request: the signed path prefix', () => {
  it('serves relative, token-free playlists and the files under the prefix; the old query address too', async () => {
    const a = await player('Token A');
    a.write(dvrPlaylist(3));
    writeFileSync(join(a.dir, 'seg_1000.ts'), Buffer.alloc(188, 0x47));
    const v = await viewer(a.id);
    const text = (await get(`${v.prefix}index.m3u8`)).body;
    expect(text).toContain('\nseg_1000.ts\n');
    expect(text).not.toContain(v.token);
    const segment = await get(`${v.prefix}seg_1000.ts`);
    expect([segment.statusCode, segment.rawPayload.length]).toEqual([200, 188]);
    // The query form is unchanged: each line carries the token.
    const legacy = await get(`${routeOf('play.playlist', { id: a.id }).url}?t=${v.token}`);
    expect(legacy.body.split(v.token).length - 1).toBe(3);
  });

  it('keeps the access rules: another player, a forged or stale token, another site', async () => {
    const a = await player('Guarded A', { passwords: ['pw'], whitelist: ['intranet.example.com'] });
    const b = await player('Guarded B');
    for (const p of [a, b]) p.write(dvrPlaylist(3));
    writeFileSync(join(b.dir, 'seg_1000.ts'), Buffer.alloc(188, 0x47));
    const va = await viewer(a.id, { password: 'pw', embedOrigin: 'https://intranet.example.com' });
    expect((await get(`${va.prefix}index.m3u8`)).statusCode).toBe(200);
    // A token for player A opens nothing of player B.
    const crossed = `/v1/play/${b.id}/t/${va.token}/`;
    expect((await get(`${crossed}index.m3u8`)).statusCode).toBe(401);
    expect((await get(`${crossed}seg_1000.ts`)).statusCode).toBe(401);
    expect((await get(`/v1/play/${a.id}/t/${'x'.repeat(40)}/index.m3u8`)).statusCode).toBe(401);
    expect((await get(`/v1/play/${a.id}/t/not%20a%20token/index.m3u8`)).statusCode).toBe(400);
    expect((await get(`${va.prefix}..%2F..%2Fdb`)).statusCode).toBe(400);
    // Bound to the embedding site.
    expect((await get(`${va.prefix}index.m3u8`, { origin: 'https://evil.example.net' })).statusCode).toBe(
      403,
    );
    // Changed passwords end the token under the prefix as well.
    await op(ctx.app, 'outputs.update', {
      token: ctx.owner.token,
      params: { id: a.id },
      body: { passwords: ['new'] },
    });
    expect((await get(`${va.prefix}index.m3u8`)).statusCode).toBe(401);
  });
});

describe('compression', () => {
  it('compresses playlists with brotli or gzip as the client accepts, never segments', async () => {
    const p = await player('Compressed');
    const text = dvrPlaylist(100);
    p.write(text);
    writeFileSync(join(p.dir, 'seg_1000.ts'), Buffer.alloc(4096, 0x47));
    const v = await viewer(p.id);
    const url = `${v.prefix}index.m3u8`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect([br.headers['content-encoding'], br.headers.vary]).toEqual(['br', 'accept-encoding']);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const segment = await get(`${v.prefix}seg_1000.ts`, { 'accept-encoding': 'gzip, br' });
    expect([segment.headers['content-encoding'], segment.rawPayload.length]).toEqual([undefined, 4096]);
  });
});

describe('delivery directives (RFC 8216bis 6.2.5.2)', () => {
  it('answers a delta update of a day of DVR under 50 kB; the full playlist offers it', async () => {
    const p = await player('A day of DVR', { latency: 'very-high' });
    p.write(dvrPlaylist(10_800));
    const v = await viewer(p.id);
    const full = await get(`${v.prefix}index.m3u8`, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(full.rawPayload).toString()).toContain(
      '#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=48',
    );
    // Even uncompressed (a client that accepts no encoding): the last 48 s and one EXT-X-SKIP line.
    const delta = await get(`${v.prefix}index.m3u8?_HLS_skip=YES`);
    expect(delta.body).toContain(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${10_800 - 6}`);
    expect(delta.rawPayload.length).toBeLessThan(50 * 1024);
  });

  it('ignores what a playlist does not support: _HLS_skip on a short or low-latency one, _HLS_msn on a plain one', async () => {
    const p = await player('Plain');
    p.write(dvrPlaylist(4));
    const v = await viewer(p.id);
    const skip = await get(`${v.prefix}index.m3u8?_HLS_skip=YES`);
    expect([skip.statusCode, skip.body.includes('EXT-X-SKIP'), skip.body.includes('CAN-SKIP')]).toEqual([
      200,
      false,
      false,
    ]);
    // No blocking reload without CAN-BLOCK-RELOAD: answered at once, not held, not refused.
    expect((await get(`${v.prefix}index.m3u8?_HLS_msn=2000`)).statusCode).toBe(200);
    p.write(llPlaylist());
    expect((await get(`${v.prefix}index.m3u8?_HLS_skip=YES`)).body).not.toContain('EXT-X-SKIP');
  });

  it('refuses too far ahead at once (400), answers what is there, gives up after 3 target durations (503)', async () => {
    const p = await player('Low latency', { latency: 'low' });
    p.write(llPlaylist());
    const v = await viewer(p.id);
    const ask = (q: string) => get(`${v.prefix}index.m3u8?${q}`);
    expect((await ask('_HLS_msn=7&_HLS_part=1')).statusCode).toBe(200);
    const msn = await ask('_HLS_msn=9');
    expect([msn.statusCode, msn.json().details[0].field]).toEqual([400, '_HLS_msn']);
    // Advance Part Limit: 3 / 0.25 s = 12 parts past the last one (7.1): 7.13 is, 7.14 is not allowed.
    const part = await ask('_HLS_msn=7&_HLS_part=14');
    expect([part.statusCode, part.json().details[0].field]).toEqual([400, '_HLS_part']);
    const alone = await ask('_HLS_part=1');
    expect(alone.statusCode).toBe(400);
    const at = Date.now();
    const late = await ask('_HLS_msn=7&_HLS_part=13');
    expect([late.statusCode, late.json().code]).toEqual([503, 'PLAYLIST_NOT_READY']);
    // Held for three target durations of 1 s first (a bound that tells holding from refusing).
    expect(Date.now() - at).toBeGreaterThanOrEqual(2900);
  });
});
