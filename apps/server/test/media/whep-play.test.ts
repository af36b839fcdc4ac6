import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, publishTestStream, stopAll, waitFor } from '../helpers/media';
import { waitProgramInput } from '../helpers/program-input';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { annexB, whepViewer } from '../helpers/whep-viewer';

/**
 * Real time on the real app (issue 35): a 720p30 stream with sound published over RTMP to a player in
 * latency `realtime`; its writer sends the program as RTP to the server's source, a werift viewer POSTs
 * its WHEP offer to the play route with the viewer token of the session call and receives H.264 (copied,
 * decodable from a keyframe) and Opus. The viewer is counted while connected and leaves on DELETE; a
 * player with a password refuses a viewer without it exactly as its HLS does.
 */
let ctx: TestContext;
let rtmpPort: number;
beforeAll(async () => {
  rtmpPort = await freePort();
  ctx = await createTestApp(
    {
      RTMP_PORT: String(rtmpPort),
      SRT_PORT: String(await freePort()),
      WEBRTC_BIND_ADDRESS: '127.0.0.1',
    },
    { live: true },
  );
}, 60_000);
afterAll(async () => {
  await stopAll();
  await ctx.close();
});

const whep = (id: string, token: string, sdp: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/play/${id}/whep?t=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/sdp' },
    payload: sdp,
  });

describe('a player in real time', () => {
  it('sends the program to a WHEP viewer, counts it while connected and ends it on DELETE', async () => {
    const as = { token: ctx.owner.token };
    const workspaceId = ctx.owner.workspaceId;
    const src = await op(ctx.app, 'sources.create', {
      ...as,
      body: { workspaceId, name: 'Realtime cam', type: 'rtmp' },
    });
    const { streamKey } = (await op(ctx.app, 'sources.streamKey', { ...as, params: { id: src.body.id } }))
      .body;
    const create = (name: string, extra: object) =>
      op(ctx.app, 'outputs.create', {
        ...as,
        body: { workspaceId, name, mainSourceId: src.body.id, latency: 'realtime', ...extra },
      });
    const id = (await create('Realtime', {})).body.id;
    const locked = (await create('Realtime locked', { passwords: ['open sesame'] })).body.id;
    const low = (await create('Low', { latency: 'low' })).body.id;
    publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, {
      size: '1280x720',
      rate: 30,
      sampleRate: 48000,
      seconds: 90,
    });
    await waitProgramInput(ctx, id);
    const session = (await op(ctx.app, 'play.session', { params: { id }, body: {} })).body;
    // The LL-HLS fallback is there as in low latency.
    expect(session.latency).toBe('realtime');
    expect(session.hlsUrl).toMatch(/\/index\.m3u8$/);
    await waitFor(
      'LL-HLS parts',
      async () => (await ctx.app.inject({ url: session.hlsUrl! })).body.includes('#EXT-X-PART:') || undefined,
      20_000,
    );

    // Bad input: no SDP, or no H.264 to receive: a 400 naming the offer.
    const bad = await whep(id, session.token, 'v=0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details?.[0]?.field ?? bad.json().message).toMatch(/offer/);
    const lowSession = (await op(ctx.app, 'play.session', { params: { id: low }, body: {} })).body;
    const viewer = await whepViewer();
    const notRealtime = await whep(low, lowSession.token, viewer.offer);
    expect([notRealtime.statusCode, notRealtime.json().code]).toEqual([409, 'REALTIME_OFF']);

    // A realtime player whose program is not live: nothing to answer with.
    const idle = (await create('Realtime idle', { mainSourceId: null })).body.id;
    const idleSession = (await op(ctx.app, 'play.session', { params: { id: idle }, body: {} })).body;
    const notLive = await whep(idle, idleSession.token, viewer.offer);
    expect([notLive.statusCode, notLive.json().code]).toEqual([409, 'PROGRAM_NOT_LIVE']);

    const started = Date.now();
    const answered = await whep(id, session.token, viewer.offer);
    expect(answered.statusCode).toBe(201);
    expect(answered.headers['content-type']).toMatch(/^application\/sdp/);
    const location = String(answered.headers.location);
    expect(location).toMatch(new RegExp(`^/v1/play/${id}/whep/[0-9a-f-]{36}$`));
    await viewer.answer(answered.body);

    await waitFor(
      'H.264 and Opus at the viewer',
      async () => (viewer.got.nals.length >= 150 && viewer.got.audioPackets >= 100) || undefined,
      20_000,
    );
    const firstMediaMs = Date.now() - started;
    expect(ctx.app.services.whep.size).toBe(1);
    const watching = async () =>
      (await op(ctx.app, 'play.state', { params: { id }, query: { t: session.token } })).body.viewers;
    expect(await watching()).toBe(1);

    // What the viewer assembled decodes: waited for as such, not for a count of NAL units (a viewer
    // starved of CPU on a loaded machine loses datagrams, and a picture with a hole decodes only from the
    // next keyframe on, 2 s later).
    const file = join(ctx.dataDir, 'whep-received.h264');
    let probedAt = 0;
    const frames = await waitFor(
      'more than 20 decodable frames at the viewer',
      async () => {
        if (viewer.got.nals.length < probedAt + 30) return undefined;
        probedAt = viewer.got.nals.length;
        writeFileSync(file, annexB(viewer.got.nals));
        const probe = spawnSync('ffprobe', [
          ...['-v', 'error', '-f', 'h264', '-i', file, '-show_frames'],
          ...['-show_entries', 'frame=key_frame,pict_type,width,height', '-of', 'csv=p=0'],
        ]);
        const decoded = probe.stdout.toString().trim().split('\n').filter(Boolean);
        return decoded.length > 20 ? decoded : undefined;
      },
      20_000,
    );
    expect(frames[0]).toMatch(/^1,1280,720,I/);
    // Copied: no B-frames, as the publisher sent none.
    expect(frames.some((f) => f.endsWith(',B'))).toBe(false);
    console.log(`WHEP: first 150 NAL units and 100 Opus packets ${firstMediaMs} ms after the offer`);

    // The same viewer offering again (a reconnect) replaces its peer: still one viewer, one peer.
    const again = await whepViewer();
    const reoffered = await whep(id, session.token, again.offer);
    expect(reoffered.statusCode).toBe(201);
    expect(ctx.app.services.whep.size).toBe(1);
    expect(await watching()).toBe(1);
    expect((await ctx.app.inject({ method: 'DELETE', url: location })).statusCode).toBe(404);
    const current = String(reoffered.headers.location);
    await viewer.close();

    const ended = await ctx.app.inject({ method: 'DELETE', url: current });
    expect(ended.statusCode).toBe(204);
    expect(ctx.app.services.whep.size).toBe(0);
    expect(await watching()).toBe(0);
    expect((await ctx.app.inject({ method: 'DELETE', url: current })).statusCode).toBe(404);
    await again.close();

    // A viewer that goes away without DELETE leaves too, once ICE consent fails (about 29 s measured;
    // an HLS viewer counts 30 s after its last playlist request).
    const second = (await op(ctx.app, 'play.session', { params: { id }, body: {} })).body;
    const gone = await whepViewer();
    const answered2 = await whep(id, second.token, gone.offer);
    await gone.answer(answered2.body);
    await waitFor('media at the second viewer', async () => gone.got.nals.length > 0 || undefined, 20_000);
    const closedAt = Date.now();
    await gone.close();
    await waitFor('the closed peer gone', async () => ctx.app.services.whep.size === 0 || undefined, 45_000);
    console.log(`WHEP: a viewer's own close noticed after ${Date.now() - closedAt} ms`);
    await waitFor('the closed viewer uncounted', async () => (await watching()) === 0 || undefined, 5_000);

    // A password: the session call refuses without it, and without a token WHEP refuses as HLS does.
    const refused = await op(ctx.app, 'play.session', { params: { id: locked }, body: {} });
    expect([refused.status, (refused.body as { code?: string }).code]).toEqual([401, 'PASSWORD_REQUIRED']);
    const hls = await ctx.app.inject({ url: `/v1/play/${locked}/index.m3u8?t=${'x'.repeat(20)}` });
    const rtc = await whep(locked, 'x'.repeat(20), viewer.offer);
    expect([rtc.statusCode, rtc.json().code]).toEqual([hls.statusCode, hls.json().code]);
    expect(rtc.json().code).toBe('VIEWER_TOKEN_INVALID');
  }, 90_000);
});
