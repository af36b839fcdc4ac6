import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_FPS, frameIndexes, writeFrameIndexVideo } from '../../../../packages/media/test/frame-index';
import { freePort, publishTestStream, stopAll, waitFor } from '../helpers/media';
import { op, routeOf } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let rtmpPort: number;
beforeAll(async () => {
  rtmpPort = await freePort();
  ctx = await createTestApp(
    { RTMP_PORT: String(rtmpPort), SRT_PORT: String(await freePort()) },
    { live: true },
  );
});
afterAll(async () => {
  await stopAll();
  await ctx.close();
});

const as = () => ({ token: ctx.owner.token });
const run = promisify(execFile);

/** The recording of a source or player once the library has it ready. */
const recordingOf = (ownerId: string) =>
  waitFor(
    'recording in the library',
    async () => {
      const list = await op(ctx.app, 'medias.byOrigin', {
        ...as(),
        params: { origin: 'recording' },
        query: { originId: ownerId },
      });
      const m = list.body.items[0];
      return m?.status === 'ready' ? m : undefined;
    },
    40_000,
  );

/** The frame indexes of a recording's MP4, checked to decode without an error. */
async function framesOf(recordingId: string) {
  const media = (await op(ctx.app, 'medias.get', { ...as(), params: { id: recordingId } })).body;
  const original = media.files.find((f) => f.kind === 'original')!;
  // An MP4 that browsers play and seek (the library preview, the editor, the clipping tool).
  expect(original.mimeType).toBe('video/mp4');
  const file = join(ctx.dataDir, 'media', original.bucketRef);
  const { stderr } = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-']);
  expect(stderr.trim()).toBe('');
  return frameIndexes(file);
}

describe('recording a live source', () => {
  it('keeps every frame the encoder sent, from the first to the last, in an MP4 that decodes cleanly; so does a player recording it', async () => {
    // Every frame carries its index (frame-index.ts): 10 s at 30 fps, keyframes every 2 s.
    const dir = mkdtempSync(join(tmpdir(), 'sw-rec-index-'));
    const video = join(dir, 'index.ts');
    await writeFrameIndexVideo(video, 10);
    const src = await op(ctx.app, 'sources.create', {
      ...as(),
      body: { workspaceId: ctx.owner.workspaceId, name: 'Frames', type: 'rtmp', recording: true },
    });
    // A player showing the source records its program too: it starts later still (after the source is
    // live, its program reconciled), and reads the same publish from its first keyframe.
    const player = await op(ctx.app, 'outputs.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Frames player',
        mainSourceId: src.body.id,
        recording: true,
      },
    });
    const key = await op(ctx.app, 'sources.streamKey', { ...as(), params: { id: src.body.id } });
    const encoder = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${key.body.streamKey}`, {
      file: video,
    });
    await new Promise((r) => encoder.once('exit', r));
    for (const ownerId of [src.body.id, player.body.id]) {
      const recording = await recordingOf(ownerId);
      const frames = await framesOf(recording.id);
      // From the very first frame to the last, none missing on the way: the recorder connects once the
      // session is live, seconds late on a busy machine, and reads the publish from its first keyframe.
      expect(frames[0], ownerId).toBe(0);
      expect(frames.at(-1), ownerId).toBe(10 * FIXTURE_FPS - 1);
      const missing = frames.slice(1).filter((f, i) => f !== frames[i]! + 1);
      expect(missing, ownerId).toEqual([]);
      expect(Math.abs(recording.durationMs! - 10_000), ownerId).toBeLessThan(500);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("a player's recording that fails over to its backup goes on from the backup's present, not its start", async () => {
    // Both encoders start together; main ends after 6 s and the player switches to the backup, whose
    // publish is also kept from its first keyframe (the player records it). The part after the switch
    // must read the backup from now: read from its start it would repeat 6 s already recorded from main.
    const dir = mkdtempSync(join(tmpdir(), 'sw-rec-failover-'));
    const [short, long] = [join(dir, 'main.ts'), join(dir, 'backup.ts')];
    await writeFrameIndexVideo(short, 6);
    await writeFrameIndexVideo(long, 14);
    const source = async (name: string) => {
      const body = { workspaceId: ctx.owner.workspaceId, name, type: 'rtmp' as const };
      const { id } = (await op(ctx.app, 'sources.create', { ...as(), body })).body;
      const key = await op(ctx.app, 'sources.streamKey', { ...as(), params: { id } });
      return { id, url: `rtmp://127.0.0.1:${rtmpPort}/live/${key.body.streamKey}` };
    };
    const [main, backup] = [await source('Stage A'), await source('Stage B')];
    const player = await op(ctx.app, 'outputs.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Failover recorder',
        mainSourceId: main.id,
        backupSourceId: backup.id,
        recording: true,
      },
    });
    const encoders = [
      publishTestStream(main.url, { file: short }),
      publishTestStream(backup.url, { file: long }),
    ];
    await Promise.all(encoders.map((e) => new Promise((r) => e.once('exit', r))));
    const frames = await framesOf((await recordingOf(player.body.id)).id);
    // Main from its first frame to its last, then the backup from a picture group at or after the switch
    // (its frames count from its own start: 4 s or later), never from its first frame again.
    expect(frames[0]).toBe(0);
    const mainEnd = frames.indexOf(6 * FIXTURE_FPS - 1);
    expect(mainEnd).toBeGreaterThan(0);
    const afterSwitch = frames.slice(mainEnd + 1);
    expect(afterSwitch.length).toBeGreaterThan(0);
    expect(Math.min(...afterSwitch)).toBeGreaterThanOrEqual(4 * FIXTURE_FPS);
    expect(frames.at(-1)).toBe(14 * FIXTURE_FPS - 1);
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a live preview, and writes the session into the media library when the publisher stops', async () => {
    const src = await op(ctx.app, 'sources.create', {
      ...as(),
      body: { workspaceId: ctx.owner.workspaceId, name: 'Town Hall', type: 'rtmp', recording: true },
    });
    const params = { id: src.body.id };
    const key = await op(ctx.app, 'sources.streamKey', { ...as(), params });
    const encoder = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${key.body.streamKey}`, {
      seconds: 8,
    });
    await waitFor(
      'live',
      async () => (await op(ctx.app, 'sources.get', { ...as(), params })).body.state === 'live',
    );
    // While live, the list can show a current picture.
    // A JPEG, read raw: inject() instead of op(), which parses JSON.
    const preview = await ctx.app.inject({
      ...routeOf('sources.preview', params),
      headers: { authorization: `Bearer ${ctx.owner.token}` },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((await op(ctx.app, 'sources.preview', { params })).status).toBe(401);
    await new Promise((r) => encoder.once('exit', r));
    await waitFor(
      'offline',
      async () => (await op(ctx.app, 'sources.get', { ...as(), params })).body.state !== 'live',
    );
    expect((await op(ctx.app, 'sources.preview', { ...as(), params })).status).toBe(404);
    const recording = await recordingOf(src.body.id);
    expect(recording.name).toMatch(/^Town Hall \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(recording.info?.video?.codec).toBe('h264');
    expect(recording.info?.audio?.codec).toBe('aac');
    expect(recording.durationMs).toBeGreaterThan(5000);
    expect(recording.durationMs).toBeLessThan(10_000);
    expect(recording.links.thumbnail).not.toBeNull();
  });

  it('switched on while live it records from then on; switched off it saves at once', async () => {
    const src = await op(ctx.app, 'sources.create', {
      ...as(),
      body: { workspaceId: ctx.owner.workspaceId, name: 'Late switch', type: 'rtmp' },
    });
    const params = { id: src.body.id };
    const key = await op(ctx.app, 'sources.streamKey', { ...as(), params });
    // Long enough to outlast the save on a busy machine: the check is that the stream goes on.
    const encoder = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${key.body.streamKey}`, {
      seconds: 60,
    });
    await waitFor(
      'live',
      async () => (await op(ctx.app, 'sources.get', { ...as(), params })).body.state === 'live',
    );
    const ids = [src.body.id];
    const on = await op(ctx.app, 'sources.bulkUpdate', {
      ...as(),
      body: { ids, changes: { recording: true } },
    });
    expect(on.status).toBe(200);
    await new Promise((r) => setTimeout(r, 5000));
    await op(ctx.app, 'sources.bulkUpdate', { ...as(), body: { ids, changes: { recording: false } } });
    // Saved while the stream goes on: the library has it before the encoder stops.
    const recording = await recordingOf(src.body.id);
    expect((await op(ctx.app, 'sources.get', { ...as(), params })).body.state).toBe('live');
    expect(recording.durationMs).toBeGreaterThan(2000);
    expect(recording.durationMs).toBeLessThan(9000);
    encoder.kill('SIGINT');
  });
});
