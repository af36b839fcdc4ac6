import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorResponse } from '@stromwerk/contracts/errors';
import type { Media } from '@stromwerk/contracts/medias';
import type { PlaySession } from '@stromwerk/contracts/outputs';
import { playlistEdge, playlistHas } from '@stromwerk/media/ll-hls-playlist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../helpers/library';
import {
  ffmpeg,
  ffprobe,
  freePort,
  makeMediaFile,
  publishTestStream,
  stop,
  stopAll,
  waitFor,
} from '../helpers/media';
import { op, routeOf } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let rtmpPort: number;
let fallback: Media;
beforeAll(async () => {
  rtmpPort = await freePort();
  ctx = await createTestApp(
    {
      RTMP_PORT: String(rtmpPort),
      SRT_PORT: String(await freePort()),
      // The receivers of these tests run on this machine.
      TARGET_ALLOW_PRIVATE: 'true',
    },
    { live: true },
  );
  const file = await makeMediaFile(join(ctx.dataDir, 'fallback.mkv'), { seconds: 6 });
  const res = await uploadFile(ctx, file);
  const id = res.body.items[0]!.id as string;
  fallback = await waitFor('fallback ready', async () => {
    const m = (await op(ctx.app, 'medias.get', { ...as(), params: { id } })).body;
    return m.status === 'ready' ? m : undefined;
  });
}, 60_000);
afterAll(async () => {
  await stopAll();
  await ctx.close();
});

const as = () => ({ token: ctx.owner.token });
// The player page's own requests: a browser sends our origin (PUBLIC_URL of the test app) as Origin.
const pub = { headers: { origin: 'http://stromwerk.test' } };
async function newSource(name: string) {
  const src = await op(ctx.app, 'sources.create', {
    ...as(),
    body: { workspaceId: ctx.owner.workspaceId, name, type: 'rtmp' },
  });
  const key = await op(ctx.app, 'sources.streamKey', { ...as(), params: { id: src.body.id } });
  return { id: src.body.id, url: `rtmp://127.0.0.1:${rtmpPort}/live/${key.body.streamKey}` };
}
const inputOf = async (id: string) =>
  (await op(ctx.app, 'outputs.get', { ...as(), params: { id } })).body.input;
const waitInput = (id: string, input: string) =>
  waitFor(`program ${input}`, async () => ((await inputOf(id)) === input ? true : undefined), 30_000);
const playlist = (s: PlaySession) => ctx.app.inject({ method: 'GET', url: s.hlsUrl! });

describe('player & recorder program', () => {
  it('plays the fallback, switches to main, fails over to backup and falls back, in one playlist', async () => {
    const main = await newSource('Main cam');
    const backup = await newSource('Backup cam');
    const out = await op(ctx.app, 'outputs.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Keynote player',
        mainSourceId: main.id,
        backupSourceId: backup.id,
        fallbackMediaId: fallback.id,
        latency: 'low',
      },
    });
    expect(out.status).toBe(201);
    expect(out.body.embedCode).toContain(`/player/${out.body.id}`);
    const inUse = await op(ctx.app, 'medias.remove', { ...as(), params: { id: fallback.id } });
    // A refused delete answers an error body; a 204 has none, so the body is typed never.
    expect([inUse.status, (inUse.body as ErrorResponse).message]).toEqual([
      409,
      expect.stringContaining('"Keynote player"'),
    ]);
    const id = out.body.id;
    await waitInput(id, 'fallback');
    const session = (await op(ctx.app, 'play.session', { ...pub, params: { id }, body: {} })).body;
    const first = await waitFor('fallback segments', async () => {
      const r = await playlist(session);
      return r.statusCode === 200 && /\nseg_\d+\.m4s\n/.test(r.body) ? r.body : undefined;
    });
    // Low latency is LL-HLS: parts, an init segment and a preload hint. The token is the playlist's path
    // prefix (/play/<id>/t/<token>/): every address in it is relative and carries none.
    expect(session.hlsUrl).toBe(`/v1/play/${id}/t/${session.token}/index.m3u8`);
    expect(first).toContain('#EXT-X-PART-INF:PART-TARGET=');
    expect(first).toMatch(/#EXT-X-MAP:URI="init_\d+\.mp4"/);
    expect(first).toMatch(/#EXT-X-PART:DURATION=[\d.]+,URI="part_\d+_\d+\.m4s"/);
    expect(first).not.toContain(session.token);
    const prefix = session.hlsUrl!.replace(/index\.m3u8$/, '');
    const file = (name: string) => ctx.app.inject({ url: `${prefix}${name}` });
    // The old address (token in the query) still plays: there every address carries the token.
    const token = `t=${encodeURIComponent(session.token)}`;
    const legacy = await ctx.app.inject({ url: `${routeOf('play.playlist', { id }).url}?${token}` });
    expect(legacy.body).toMatch(new RegExp(`#EXT-X-MAP:URI="init_\\d+\\.mp4\\?${token}"`));
    const segmentName = first.split('\n').find((l) => l.startsWith('seg_'))!;
    const segment = await file(segmentName);
    expect([segment.statusCode, segment.headers['content-type']]).toEqual([200, 'video/iso.segment']);
    expect(segment.rawPayload.subarray(4, 8).toString()).toBe('moof');
    const init = await file(/init_\d+\.mp4/.exec(first)![0]);
    expect([init.statusCode, init.headers['content-type']]).toEqual([200, 'video/mp4']);
    expect(init.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    // A blocking reload for the part after the next one answers with it listed. That it is woken by the
    // part and not by its hold time-out is test/unit/playlist-waits.test.ts; how long it waits is
    // bench/player-latency.ts (a wall-clock bound here measured ffmpeg's pace on the machine as much).
    const edge = playlistEdge(first);
    const ask = { msn: edge.lastComplete + 1, part: edge.openParts + 1 };
    const blocked = await ctx.app.inject({
      url: `${session.hlsUrl}?_HLS_msn=${ask.msn}&_HLS_part=${ask.part}`,
    });
    expect(blocked.statusCode).toBe(200);
    expect(playlistHas(playlistEdge(blocked.body), ask.msn, ask.part)).toBe(true);
    // The preload hint names a part not written yet: asked for, it comes once it is. Near a segment's end
    // there is no hint (the next part may open a new segment): the following playlist has one.
    const hint = await waitFor('a playlist with a preload hint', async () => {
      const text = (await playlist(session)).body;
      return /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="([^"]+)/.exec(text)?.[1];
    });
    const hinted = await file(hint);
    expect([hinted.statusCode, hinted.rawPayload.subarray(4, 8).toString()]).toEqual([200, 'moof']);
    const ahead = await ctx.app.inject({ url: `${session.hlsUrl}?_HLS_msn=${ask.msn + 5}` });
    expect([ahead.statusCode, ahead.json().details[0].field]).toEqual([400, '_HLS_msn']);
    // A part without its segment is a bad request (RFC 8216bis 6.2.5.2), not a plain playlist.
    const partAlone = await ctx.app.inject({ url: `${session.hlsUrl}?_HLS_part=1` });
    expect([partAlone.statusCode, partAlone.json().details[0].field]).toEqual([400, 'querystring._HLS_part']);

    const mainEncoder = publishTestStream(main.url, { seconds: 60 });
    await waitInput(id, 'main');
    // The live program carries the encoder's video and audio (nothing lost to a short probe).
    const live = await waitFor('a live segment', async () => {
      const text = (await playlist(session)).body;
      const after = text.slice(text.lastIndexOf('#EXT-X-DISCONTINUITY'));
      const seg = after.split('\n').find((l) => l.startsWith('seg_'));
      const map = /#EXT-X-MAP:URI="([^"]+)/.exec(after)?.[1];
      return seg && map ? { seg, map } : undefined;
    });
    const hls = join(ctx.dataDir, 'hls', id);
    const whole = join(ctx.dataDir, 'live-segment.mp4');
    writeFileSync(
      whole,
      Buffer.concat([readFileSync(join(hls, live.map)), readFileSync(join(hls, live.seg))]),
    );
    const probe = await ffprobe(whole);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    const backupEncoder = publishTestStream(backup.url, { seconds: 60 });
    await waitFor(
      'backup live',
      async () =>
        (await op(ctx.app, 'sources.get', { ...as(), params: { id: backup.id } })).body.state === 'live',
    );
    await stop(mainEncoder);
    await waitInput(id, 'backup');
    await stop(backupEncoder);
    await waitInput(id, 'fallback');
    const after = (await playlist(session)).body;
    expect(after).toContain('#EXT-X-DISCONTINUITY');
    expect(after).not.toContain('#EXT-X-ENDLIST');
  }, 120_000);

  it('guards the player: password, embedding origin, viewer limit, tokens on every request', async () => {
    const out = await op(ctx.app, 'outputs.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Private player',
        fallbackMediaId: fallback.id,
        passwords: ['open sesame', 'second'],
        whitelist: ['intranet.example.com', '*.corp.example'],
        viewerLimitEnabled: true,
        viewerLimit: 2,
      },
    });
    const id = out.body.id;
    expect(out.body.passwordCount).toBe(2);
    expect((await op(ctx.app, 'outputs.passwords', { ...as(), params: { id } })).body.passwords).toEqual([
      'open sesame',
      'second',
    ]);
    const site = { embedOrigin: 'https://intranet.example.com' };
    const noPass = await op(ctx.app, 'play.session', { ...pub, params: { id }, body: site });
    expect([noPass.status, noPass.body.code]).toEqual([401, 'PASSWORD_REQUIRED']);
    const wrong = await op(ctx.app, 'play.session', {
      ...pub,
      params: { id },
      body: {
        ...site,
        password: 'guess',
      },
    });
    expect(wrong.status).toBe(401);
    const foreign = await op(ctx.app, 'play.session', {
      ...pub,
      params: { id },
      body: {
        password: 'second',
        embedOrigin: 'https://evil.example.net',
      },
    });
    expect([foreign.status, foreign.body.code]).toEqual([403, 'DOMAIN_NOT_ALLOWED']);
    const v1 = await op(ctx.app, 'play.session', {
      ...pub,
      params: { id },
      body: {
        password: 'second',
        embedOrigin: 'https://a.corp.example',
      },
    });
    const v2 = await op(ctx.app, 'play.session', {
      ...pub,
      params: { id },
      body: {
        password: 'open sesame',
        embedOrigin: 'https://intranet.example.com',
      },
    });
    expect([v1.status, v2.status]).toEqual([200, 200]);
    const v3 = await op(ctx.app, 'play.session', {
      ...pub,
      params: { id },
      body: {
        ...site,
        password: 'second',
      },
    });
    expect([v3.status, v3.body.code]).toEqual([403, 'VIEWER_LIMIT_REACHED']);
    const stats = await op(ctx.app, 'outputs.statistics', { ...as(), params: { id } });
    expect(stats.body).toMatchObject({ currentViewers: 2, views: 2 });

    const page = await ctx.app.inject(routeOf('play.playlist', { id }));
    expect(page.statusCode).toBe(400);
    const forged = await ctx.app.inject({
      ...routeOf('play.playlist', { id }),
      query: { t: 'x'.repeat(40) },
    });
    expect(forged.statusCode).toBe(401);
    // Hand-written: the encoded traversal in the path is what is under test (no segment name from the table).
    const traversal = await ctx.app.inject({
      method: 'GET',
      url: `/v1/play/${id}/..%2F..%2Fdb?t=${v1.body.token}`,
    });
    expect(traversal.statusCode).toBe(400);
    // Changing the passwords ends every viewer token handed out before.
    await op(ctx.app, 'outputs.update', { ...as(), params: { id }, body: { passwords: ['new one'] } });
    const stale = await op(ctx.app, 'play.state', { ...pub, params: { id }, query: { t: v1.body.token } });
    expect(stale.status).toBe(401);
  });

  it('moderates comments: a viewer comment appears after approval; expiry is set from the output', async () => {
    const out = await op(ctx.app, 'outputs.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Town hall',
        commentsEnabled: true,
        moderation: 'approval',
        commentExpirationHours: 24,
      },
    });
    const id = out.body.id;
    const s = (await op(ctx.app, 'play.session', { ...pub, params: { id }, body: {} })).body;
    const viewer = { ...pub, params: { id }, query: { t: s.token } };
    const posted = await op(ctx.app, 'play.comment', {
      ...viewer,
      body: { author: 'Ann', text: '<script>alert(1)</script> Hello' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ approved: false, text: '<script>alert(1)</script> Hello' });
    expect(new Date(posted.body.expiry!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const shown = async () => (await op(ctx.app, 'play.comments', viewer)).body.items;
    expect(await shown()).toEqual([]);
    const pending = await op(ctx.app, 'comments.list', { ...as(), query: { outputId: id, approved: false } });
    expect(pending.body.items.map((c) => c.id)).toEqual([posted.body.id]);
    const params = { id: posted.body.id };
    expect((await op(ctx.app, 'comments.approve', { ...as(), params })).status).toBe(200);
    expect((await shown()).map((c) => c.author)).toEqual(['Ann']);
    const edited = await op(ctx.app, 'comments.edit', { ...as(), params, body: { text: 'Hello' } });
    expect(edited.body.text).toBe('Hello');
    const member = await op(ctx.app, 'comments.create', {
      ...as(),
      params: { id },
      body: { text: 'Welcome!' },
    });
    expect(member.body).toMatchObject({ approved: true, byMember: true });
    expect((await op(ctx.app, 'comments.unapprove', { ...as(), params })).status).toBe(200);
    expect((await shown()).map((c) => c.text)).toEqual(['Welcome!']);
    expect((await op(ctx.app, 'comments.remove', { ...as(), params: { id: member.body.id } })).status).toBe(
      204,
    );
    await op(ctx.app, 'outputs.update', { ...as(), params: { id }, body: { moderation: 'closed' } });
    const s2 = (await op(ctx.app, 'play.session', { ...pub, params: { id }, body: {} })).body;
    const closed = await op(ctx.app, 'play.comment', {
      ...pub,
      params: { id },
      query: { t: s2.token },
      body: { author: 'Bo', text: 'hi' },
    });
    expect(closed.status).toBe(403);
  });

  it('records the program and shows the recording as VOD once the stream ends (an MP3 encoder)', async () => {
    const main = await newSource('Stage');
    const out = await op(ctx.app, 'outputs.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Recorded stage',
        mainSourceId: main.id,
        recording: true,
        vodAfterStream: true,
        latency: 'low',
      },
    });
    const id = out.body.id;
    // MP3 audio over RTMP: the low-latency program (fMP4) takes AAC only, so its reader encodes it.
    const encoder = publishTestStream(main.url, { seconds: 8, audio: 'libmp3lame' });
    await waitInput(id, 'main');
    const live = (await op(ctx.app, 'play.session', { ...pub, params: { id }, body: {} })).body;
    await waitFor('a live segment of the MP3 stream', async () => {
      const r = await playlist(live);
      return r.statusCode === 200 && /\nseg_\d+\.m4s\n/.test(r.body) ? true : undefined;
    });
    await new Promise((r) => encoder.once('exit', r));
    const recording = await waitFor(
      'program recording',
      async () => {
        const list = await op(ctx.app, 'medias.byOrigin', {
          ...as(),
          params: { origin: 'recording' },
          query: { originId: id },
        });
        return list.body.items[0]?.status === 'ready' ? list.body.items[0] : undefined;
      },
      40_000,
    );
    expect(recording.durationMs).toBeGreaterThan(4000);
    expect(recording.name).toMatch(/^Recorded stage /);
    await waitInput(id, 'vod');
    const session = (await op(ctx.app, 'play.session', { ...pub, params: { id }, body: {} })).body;
    expect(session.input).toBe('vod');
    // A real VOD, not a looping program: typed, ended, and as long as the recording.
    const text = await waitFor('the VOD playlist', async () => {
      const res = await playlist(session);
      return res.statusCode === 200 ? res.body : undefined;
    });
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const seconds = [...text.matchAll(/^#EXTINF:([\d.]+)/gm)].reduce((a, m) => a + Number(m[1]), 0);
    expect(Math.abs(seconds * 1000 - recording.durationMs!)).toBeLessThan(300);
    const state = (await op(ctx.app, 'play.state', { ...pub, params: { id }, query: { t: session.token } }))
      .body;
    expect(state.vodSeconds).toBeCloseTo(seconds, 1);
    const first = text.split('\n').find((l) => l.startsWith('vod_'))!;
    const segment = await ctx.app.inject({
      method: 'GET',
      url: session.hlsUrl!.replace(/index\.m3u8$/, first),
      ...pub,
    });
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    // Deleting the recording takes its VOD files with it (they are not left on disk for nothing).
    const dir = join(ctx.dataDir, 'hls', id);
    expect(readdirSync(dir).some((n) => n.startsWith('vod_'))).toBe(true);
    expect((await op(ctx.app, 'medias.remove', { ...as(), params: { id: recording.id } })).status).toBe(204);
    await waitFor('the VOD files removed', async () =>
      readdirSync(dir).some((n) => n.startsWith('vod')) ? undefined : true,
    );
  }, 90_000);

  it('feeds a target from the program of a player', async () => {
    const out = await op(ctx.app, 'outputs.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Relayed player',
        fallbackMediaId: fallback.id,
        latency: 'low',
      },
    });
    await waitInput(out.body.id, 'fallback');
    const port = await freePort();
    const received = join(ctx.dataDir, 'relayed.flv');
    const receiver = ffmpeg([
      '-y',
      '-listen',
      '1',
      '-i',
      `rtmp://127.0.0.1:${port}/app/out`,
      '-c',
      'copy',
      '-f',
      'flv',
      received,
    ]);
    await new Promise((r) => setTimeout(r, 300));
    const target = await op(ctx.app, 'targets.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Relay of the player',
        outputId: out.body.id,
        settings: { type: 'rtmp', url: `rtmp://127.0.0.1:${port}/app`, streamKey: 'out' },
      },
    });
    expect(target.body).toMatchObject({ outputId: out.body.id, sourceId: null });
    await waitFor(
      'target online',
      async () =>
        (await op(ctx.app, 'targets.get', { ...as(), params: { id: target.body.id } })).body.state ===
        'online',
      30_000,
    );
    await new Promise((r) => setTimeout(r, 3000));
    await op(ctx.app, 'targets.update', {
      ...as(),
      params: { id: target.body.id },
      body: { enabled: false },
    });
    await stop(receiver);
    const probe = await ffprobe(received);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    const both = await op(ctx.app, 'targets.update', {
      ...as(),
      params: { id: target.body.id },
      body: {
        sourceId: out.body.mainSourceId ?? '00000000-0000-4000-8000-000000000000',
        outputId: out.body.id,
      },
    });
    expect(both.status).toBe(400);
  }, 90_000);
});
