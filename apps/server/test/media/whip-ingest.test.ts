import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, processesWith, stopAll, waitFor } from '../helpers/media';
import { waitProgramInput } from '../helpers/program-input';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { whepViewer } from '../helpers/whep-viewer';
import { whipPublisher } from '../helpers/whip-publisher';

/**
 * WHIP ingest on the real app (issue 35 item 2): a WebRTC publisher (werift, sending a real 720p30 H.264
 * encode with Opus sound) offers its tracks to a source of type `whip` with the stream key as bearer
 * token; the source goes live through our ingest with its stream info (the picture copied, the sound now
 * AAC), the publisher is asked for keyframes and told the bitrate it may use, and DELETE on the answer's
 * Location ends the publish and the source goes offline, its recording in the media library. Refusals
 * come before any peer exists.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(
    {
      RTMP_PORT: String(await freePort()),
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

const whip = (sdp: string, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/whip',
    headers: { 'content-type': 'application/sdp', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    payload: sdp,
  });

describe('WHIP ingest', () => {
  it('takes a WebRTC publisher live on a whip source and ends it on DELETE', async () => {
    const as = { token: ctx.owner.token };
    const workspaceId = ctx.owner.workspaceId;
    const create = (name: string, type: 'whip' | 'rtmp') =>
      op(ctx.app, 'sources.create', { ...as, body: { workspaceId, name, type, recording: type === 'whip' } });
    const src = (await create('Browser studio', 'whip')).body;
    expect(src.ingestUrl).toMatch(/\/v1\/whip$/);
    const key = (await op(ctx.app, 'sources.streamKey', { ...as, params: { id: src.id } })).body;
    expect([key.ingestUrl, key.publishUrl]).toEqual([src.ingestUrl, null]);
    const rtmpKey = (
      await op(ctx.app, 'sources.streamKey', { ...as, params: { id: (await create('Cam', 'rtmp')).body.id } })
    ).body.streamKey;

    const publisher = await whipPublisher();
    const plis: number[] = [];
    publisher.pc.getSenders()[0]!.onPictureLossIndication.subscribe(() => plis.push(Date.now()));
    // Refused before a peer exists: no key, a wrong one, an RTMP source's key, an offer without H.264.
    const none = await whip(publisher.offer);
    expect([none.statusCode, none.json().code]).toEqual([401, 'STREAM_KEY_INVALID']);
    const wrong = await whip(publisher.offer, 'not-a-key-of-any-source');
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'STREAM_KEY_INVALID']);
    const rtmp = await whip(publisher.offer, rtmpKey);
    expect([rtmp.statusCode, rtmp.json().code]).toEqual([409, 'CONFLICT']);
    const noVideo = await whip(
      'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:0\r\na=sendonly\r\n',
      key.streamKey,
    );
    expect([noVideo.statusCode, noVideo.json().details?.[0]?.field]).toEqual([400, 'offer']);
    expect(ctx.app.services.whip.size).toBe(0);

    const answered = await whip(publisher.offer, key.streamKey);
    expect(answered.statusCode).toBe(201);
    expect(answered.headers['content-type']).toMatch(/^application\/sdp/);
    const location = String(answered.headers.location);
    expect(location).toMatch(/^\/v1\/whip\/[0-9a-f-]{36}$/);
    await publisher.answer(answered.body);
    const started = Date.now();
    publisher.start(60);

    // The bytes the ingest took from the key's publisher (the bridge) so far.
    const bytesIn = async () =>
      ctx.app.services.live.engine.readings(workspaceId).find((r) => r.id === src.id)?.bytes ?? 0;
    let liveAt = 0;
    let sentAtLive = 0;
    const live = await waitFor(
      'the whip source live with its stream info',
      async () => {
        const row = (await op(ctx.app, 'sources.get', { ...as, params: { id: src.id } })).body;
        if (row.state === 'live' && !liveAt) {
          liveAt = Date.now() - started;
          sentAtLive = publisher.sentSeconds();
        }
        return row.state === 'live' && row.streamInfo?.video ? row : undefined;
      },
      30_000,
    );
    const goLiveMs = Date.now() - started;
    expect(live.streamInfo?.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(live.streamInfo?.audio).toMatchObject({ codec: 'aac' });
    // The publisher is asked for a keyframe every two seconds and told the bitrate it may send.
    await waitFor('three keyframe requests', async () => plis.length >= 3 || undefined, 15_000);
    const sender = publisher.pc.getSenders()[0]!;
    expect(sender.receiverEstimatedMaxBitrate).toBeGreaterThan(1_000_000n);
    console.log(`WHIP: live ${liveAt} ms, with stream info ${goLiveMs} ms after the encoder started`);

    // A real-time viewer of the source: its picture opening asks the publisher for a keyframe (the
    // picture is copied, so its first one otherwise waits for the next regular request, up to 2 s).
    const asked = vi.spyOn(ctx.app.services.whip, 'keyframeFor');
    const player = (
      await op(ctx.app, 'outputs.create', {
        ...as,
        body: { workspaceId, name: 'Studio in real time', mainSourceId: src.id, latency: 'realtime' },
      })
    ).body;
    await waitProgramInput(ctx, player.id);
    const session = (await op(ctx.app, 'play.session', { params: { id: player.id }, body: {} })).body;
    const viewer = await whepViewer();
    const offered = await ctx.app.inject({
      method: 'POST',
      url: `/v1/play/${player.id}/whep?t=${encodeURIComponent(session.token)}`,
      headers: { 'content-type': 'application/sdp' },
      payload: viewer.offer,
    });
    expect(offered.statusCode).toBe(201);
    const joinedAt = Date.now();
    await viewer.answer(offered.body);
    await waitFor(
      'the first picture at the viewer',
      async (note) => {
        // What a time-out names: whether the peer connected, and whether any picture packet came.
        note({
          connection: viewer.pc.connectionState,
          videoPackets: viewer.got.videoHeaders.length,
          audioPackets: viewer.got.audioPackets,
          sentByPublisher: publisher.sentSeconds(),
        });
        return viewer.got.nals.length > 0 || undefined;
      },
      15_000,
    );
    console.log(`WHIP to WHEP: first SPS at the viewer ${Date.now() - joinedAt} ms after the answer`);
    await waitFor(
      'a keyframe asked for the viewer',
      async () => asked.mock.calls.length > 0 || undefined,
      5000,
    );
    expect(asked).toHaveBeenCalledWith(src.id);
    asked.mockRestore();
    await viewer.close();

    // The bridge killed with -9 (a crash, the OOM killer): it starts again on the same ports, the
    // publisher is asked for a keyframe, and the source is live again without the publisher doing anything.
    const [bridgePid] = processesWith('sdp,rtp');
    expect(bridgePid).toBeGreaterThan(0);
    const bytesBefore = await bytesIn();
    const killedAt = Date.now() - started;
    const sentAtKill = publisher.sentSeconds();
    process.kill(bridgePid!, 'SIGKILL');
    // The ingest counts the key's bytes: the count stands still once the old bridge is gone (its last
    // packets may still arrive just after the kill) and moves again when the new bridge delivers, which
    // resumes the publish within its grace (or, past it, starts a count of its own). So the new bridge
    // delivers when the count moves between two looks taken after its process was seen. (Comparing with
    // the count before the kill passed on the old bridge's late packets.) The source stays live meanwhile:
    // the bridge is ours, and its publish waits 6 s for it where an encoder's waits 1.5 s.
    let seenNew: { pid: number; bytes: number } | undefined;
    let offlineAfterKill = false;
    await waitFor(
      'a new bridge, live again',
      async (note) => {
        const [pid] = processesWith('sdp,rtp');
        const row = (await op(ctx.app, 'sources.get', { ...as, params: { id: src.id } })).body;
        const bytes = await bytesIn();
        // What a time-out names: which of the three had not come (a loaded CI run once saw none of them).
        note({
          pid: pid ?? null,
          killed: bridgePid,
          state: row.state,
          bytesBefore,
          bytes,
          sent: publisher.sentSeconds(),
        });
        offlineAfterKill ||= row.state !== 'live';
        if (!pid || pid === bridgePid) return undefined;
        const moved = seenNew?.pid === pid && bytes !== seenNew.bytes;
        seenNew = { pid, bytes };
        return moved && row.state === 'live' ? pid : undefined;
      },
      20_000,
    );
    expect(offlineAfterKill).toBe(false);
    expect(ctx.app.services.whip.size).toBe(1);

    // Another publisher with a key of its own cannot take the live source: its key is the credential.
    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: location,
      headers: { authorization: `Bearer ${rtmpKey}` },
    });
    expect(ended.statusCode).toBe(404);
    const deletedAt = Date.now() - started;
    const done = await ctx.app.inject({
      method: 'DELETE',
      url: location,
      headers: { authorization: `Bearer ${key.streamKey}` },
    });
    expect(done.statusCode).toBe(204);
    expect(ctx.app.services.whip.size).toBe(0);
    const deleted = Date.now();
    // Ended on purpose, the publish is over as soon as the bridge is (no restart's grace of 6 s): the
    // ingest no longer counts the key's bytes. And the bridge stops on SIGTERM, stopped while its packets
    // still came (0.25-0.8 s now; 3.2-3.7 s before, when ffmpeg left without packets waited for the
    // supervisor's SIGKILL, then after 3 s, now after 1 s).
    await waitFor(
      'the publish over at the ingest',
      async () =>
        ctx.app.services.live.engine.readings(workspaceId).every((r) => r.id !== src.id) || undefined,
      15_000,
    );
    const publishOverMs = Date.now() - deleted;
    console.log(`WHIP: publish over ${publishOverMs} ms after the DELETE`);
    expect(publishOverMs).toBeLessThan(3000);
    await waitFor(
      'the source offline',
      async () =>
        (await op(ctx.app, 'sources.get', { ...as, params: { id: src.id } })).body.state === 'offline' ||
        undefined,
      15_000,
    );
    console.log(`WHIP: offline ${Date.now() - deleted} ms after the DELETE`);
    await publisher.close();

    // Recorded as an encoder's stream is: the broadcast is in the media library, an MP4 that plays.
    const recording = await waitFor(
      'the recording in the library',
      async () => {
        const list = await op(ctx.app, 'medias.byOrigin', {
          ...as,
          params: { origin: 'recording' },
          query: { originId: src.id },
        });
        const ready = list.body.items.filter((m) => m.status === 'ready');
        return ready.length > 0 && ready.length === list.body.items.length ? ready : undefined;
      },
      40_000,
    );
    const seconds = recording.reduce((sum, m) => sum + (m.durationMs ?? 0), 0) / 1000;
    console.log(
      `WHIP: ${recording.length} recording(s), ${seconds.toFixed(1)} s in all; live at ${liveAt} ms, killed at ${killedAt} ms, ended at ${deletedAt} ms; ${(sentAtKill - sentAtLive).toFixed(1)} s of picture sent between live and the kill`,
    );
    // At least the picture sent while live before the kill (less the first keyframe's wait and the cut
    // at the end), counted by its timestamps: a loaded machine's encoder can make less than real time.
    // A loaded CI run recorded 3.3 s where 7.8 s of wall clock had passed, with no recorder loss seen on
    // this machine under stress-ng; the wall clock was the wrong yardstick. What came after the kill
    // depends on how soon the bridge was back, which a loaded machine stretches.
    // A CI run at load ~7 recorded 6.3 s of 8.2 s, a run beside stress-ng --cpu 8 13.5 s of 18.3 s. Under
    // that load the bridge's ffmpeg was seen failing its probe (no keyframe within it: "dimensions not
    // set") after its publish had begun: the source live for a moment with no picture, so the count above
    // could start early, and the bridge came back after the kill only after 15 s of such starts. Told the
    // parameter sets, it no longer fails so; beside stress-ng --cpu 8 six runs recorded at least what was
    // sent.
    expect(seconds).toBeGreaterThan(sentAtKill - sentAtLive - 1.5);
  }, 120_000);
});
