import { execFile } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Media } from '@stromwerk/contracts/medias';
import { parsePlaylist } from '@stromwerk/media/hls-playlist';
import { programHls } from '@stromwerk/media/program-args';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_FPS, frameIndexes, writeFrameIndexVideo } from '../../../../packages/media/test/frame-index';
import { clipInputsDir } from '../../src/modules/clips/clip-inputs';
import { programDir } from '../../src/modules/outputs/program-engine';
import { jobEnded, mediaReady, uploadFile } from '../helpers/library';
import { ffmpeg, stop, waitFor } from '../helpers/media';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 14 with real ffmpeg: a DVR written by our own HLS builder (`programHls`, latency high: 4 s
 * segments) from a video whose every frame shows its index (frame-index.ts), cut fast and exact.
 */
const run = promisify(execFile);
let ctx: TestContext;
let fixture: string;
let dvrId: string;
let segments: { uri: string; startMs: number; durationMs: number }[];
const as = () => ({ token: ctx.owner.token });

async function player(name: string, latency: 'high' | 'normal' = 'high') {
  const res = await op(ctx.app, 'outputs.create', {
    ...as(),
    body: { workspaceId: ctx.owner.workspaceId, name, latency },
  });
  return res.body.id;
}

/** Writes the fixture's whole DVR at once (as fast as ffmpeg can), as the packager writes it. */
async function writeDvr(outputId: string) {
  const dir = programDir(ctx.dataDir, outputId);
  await mkdir(dir, { recursive: true });
  await run('ffmpeg', programHls({ source: { kind: 'live', url: `file:${fixture}` }, dir, latency: 'high' }));
  return parsePlaylist(await readFile(join(dir, 'index.m3u8'), 'utf8')).segments;
}

/** A job that did not end done fails the test with its error. */
const done = async (jobId: string, timeoutMs?: number) => {
  const j = await jobEnded(ctx, jobId, timeoutMs);
  expect(`${j.state} ${j.error ?? ''}`).toBe('done ');
  return j;
};
const clip = (body: Record<string, unknown>) => op(ctx.app, 'clips.create', { ...as(), body: body as never });
const iso = (ms: number) => new Date(ms).toISOString();
const fileOf = (m: Media) =>
  join(ctx.dataDir, 'media', m.files.find((f) => f.kind === 'original')!.bucketRef);
const media = async (id: string) => (await op(ctx.app, 'medias.get', { ...as(), params: { id } })).body;

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = join(ctx.dataDir, 'frames.ts');
  await writeFrameIndexVideo(fixture, 40);
  dvrId = await player('DVR player');
  segments = await writeDvr(dvrId);
}, 60_000);
afterAll(() => ctx.close());

describe('clips from a DVR window', () => {
  it('fast: whole segments from the boundary before the start, covering the range, as predicted', async () => {
    const t0 = segments[0]!.startMs;
    const range = { from: iso(t0 + 13_300), to: iso(t0 + 27_700) };
    // Issue 33 item 10: the Clipping Tool shows this before the clip is made.
    const predicted = await op(ctx.app, 'clips.fastCut', { ...as(), params: { id: dvrId }, query: range });
    expect(predicted.status, JSON.stringify(predicted.body)).toBe(200);
    expect(predicted.body).toMatchObject({ from: iso(t0 + 12_000), final: true });
    const res = await clip({ outputId: dvrId, ...range, mode: 'fast' });
    expect(res.status).toBe(202);
    expect(res.body.media).toMatchObject({ origin: 'clip', originId: dvrId, status: 'processing' });
    await done(res.body.job.id);
    const made = await media(res.body.media.id);
    expect(made.clip).toMatchObject({ sourceKind: 'output', accuracy: 'segment', from: iso(t0 + 12_000) });
    expect({ from: made.clip!.from, to: made.clip!.to }).toEqual({
      from: predicted.body.from,
      to: predicted.body.to,
    });
    // The file's length (ffprobe's, taken when it was published) is the segments' summed; one frame of
    // slack for the audio's last frame reaching past the picture's end.
    expect(Math.abs(made.durationMs! - predicted.body.durationMs)).toBeLessThanOrEqual(1000 / FIXTURE_FPS);
    expect(made.status).toBe('ready');
    expect(made.links.thumbnail).not.toBeNull();
    const frames = await frameIndexes(fileOf(made));
    expect(frames[0]).toBe(12 * FIXTURE_FPS); // the segment boundary at 12 s
    expect(frames.at(-1)).toBeGreaterThanOrEqual(830);
  });

  it('both: the exact cut replaces the fast one under the same media id, first and last frame as asked', async () => {
    const t0 = segments[0]!.startMs;
    const res = await clip({ outputId: dvrId, from: iso(t0 + 13_300), to: iso(t0 + 27_700) });
    await done(res.body.job.id);
    const made = await media(res.body.media.id);
    expect(made.clip).toMatchObject({ accuracy: 'frame', from: iso(t0 + 13_300), to: iso(t0 + 27_700) });
    expect(made.files.filter((f) => f.kind === 'original')).toHaveLength(1);
    expect(made.durationMs).toBeGreaterThanOrEqual(14_300);
    expect(made.durationMs).toBeLessThanOrEqual(14_500);
    const frames = await frameIndexes(fileOf(made));
    expect(Math.abs(frames[0]! - 399)).toBeLessThanOrEqual(1);
    expect(Math.abs(frames.at(-1)! - 830)).toBeLessThanOrEqual(1);
    expect(existsSync(clipInputsDir(ctx.dataDir, made.id))).toBe(false);
  });

  it('survives the packager deleting the segments right after the clip was asked for', async () => {
    const id = await player('Rotating DVR');
    const own = await writeDvr(id);
    const t0 = own[0]!.startMs;
    const res = await clip({ outputId: id, from: iso(t0 + 1000), to: iso(t0 + 10_000) });
    expect(res.status).toBe(202);
    const dir = programDir(ctx.dataDir, id);
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) rmSync(join(dir, f));
    await done(res.body.job.id);
    const frames = await frameIndexes(fileOf(await media(res.body.media.id)));
    expect(Math.abs(frames[0]! - 30)).toBeLessThanOrEqual(1);
    expect(Math.abs(frames.at(-1)! - 299)).toBeLessThanOrEqual(1);
  });

  it('refuses ranges outside the window with the window in the answer, before making anything', async () => {
    const t0 = segments[0]!.startMs;
    const before = (await op(ctx.app, 'medias.list', { ...as(), query: { origin: 'clip' } })).body.total;
    const early = await clip({ outputId: dvrId, from: iso(t0 - 5000), to: iso(t0 + 5000) });
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('CLIP_RANGE_UNAVAILABLE');
    const window = early.body.details?.find((d) => d.field === 'window')?.message;
    expect(window).toBe(`${iso(t0)}/${iso(segments.at(-1)!.startMs + segments.at(-1)!.durationMs)}`);
    expect(early.body.details?.[0]?.field).toBe('from');
    const query = { from: iso(t0 - 5000), to: iso(t0 + 5000) };
    const predicted = await op(ctx.app, 'clips.fastCut', { ...as(), params: { id: dvrId }, query });
    expect(predicted.status).toBe(422); // the prediction refuses what the clip would refuse
    expect(predicted.body.details?.find((d) => d.field === 'window')?.message).toBe(window);
    const late = await clip({ outputId: dvrId, from: iso(t0 + 1000), to: iso(t0 + 3_600_000) });
    expect(late.status).toBe(422); // the player is off air: nothing more will be written
    expect(late.body.details?.[0]?.field).toBe('to');
    const tooLong = await clip({ outputId: dvrId, lastSeconds: 3000 });
    expect(tooLong.body.details?.[0]?.field).toBe('lastSeconds');
    const noDvr = await clip({ outputId: await player('Low latency', 'normal'), lastSeconds: 5 });
    expect(noDvr.status).toBe(422);
    expect(noDvr.body.details?.[0]?.field).toBe('outputId');
    expect((await op(ctx.app, 'medias.list', { ...as(), query: { origin: 'clip' } })).body.total).toBe(
      before,
    );
  });

  it('refuses a clip the storage quota has no room for, keeping nothing', async () => {
    const params = { id: ctx.owner.corporationId };
    const used = (await op(ctx.app, 'usage.ofCorporation', { ...as(), params })).body.storageBytes;
    await op(ctx.app, 'usage.updateQuota', { ...as(), params, body: { maxStorageBytes: used + 1000 } });
    try {
      const res = await clip({ outputId: dvrId, lastSeconds: 30 });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('STORAGE_QUOTA_EXCEEDED');
      expect(readdirSync(join(ctx.dataDir, 'clips'))).toEqual([]);
    } finally {
      await op(ctx.app, 'usage.updateQuota', { ...as(), params, body: { maxStorageBytes: 107_374_182_400 } });
    }
  });
});

describe('clips of a live stream', () => {
  it('waits for an end in the near future, refuses one too far ahead, and a cancel leaves nothing', async () => {
    const id = await player('Live DVR');
    const dir = programDir(ctx.dataDir, id);
    await mkdir(dir, { recursive: true });
    // The packager in real time, as on air: a segment every 4 s.
    const writer = ffmpeg(
      programHls({
        source: { kind: 'file', input: { url: fixture, format: 'mpegts' }, loop: false, transcode: false },
        dir,
        latency: 'high',
      }),
    );
    try {
      await ctx.app.services.outputs.repo.update(id, { input: 'main' });
      const first = await waitFor(
        'first segment',
        async () =>
          parsePlaylist(await readFile(join(dir, 'index.m3u8'), 'utf8').catch(() => '')).segments[0],
        20_000,
      );
      const tooEarly = await clip({ outputId: id, from: iso(first.startMs), to: iso(Date.now() + 600_000) });
      expect(tooEarly.status).toBe(425);
      expect(tooEarly.body.code).toBe('CLIP_TOO_EARLY');

      const end = Date.now() + 8000;
      const waiting = await clip({
        outputId: id,
        from: iso(first.startMs + 1000),
        to: iso(end),
        mode: 'fast',
      });
      expect(waiting.status).toBe(202);
      await done(waiting.body.job.id, 40_000);
      const m = await media(waiting.body.media.id);
      expect(Date.parse(m.clip!.to!)).toBeGreaterThanOrEqual(end);

      const cancelled = await clip({ outputId: id, from: iso(first.startMs), to: iso(Date.now() + 60_000) });
      await waitFor('clip job waiting', async () => {
        const j = (await op(ctx.app, 'jobs.get', { ...as(), params: { id: cancelled.body.job.id } })).body;
        return j.state === 'running';
      });
      const mediaId = cancelled.body.media.id;
      expect(existsSync(clipInputsDir(ctx.dataDir, mediaId))).toBe(true);
      const res = await op(ctx.app, 'jobs.cancel', { ...as(), params: { id: cancelled.body.job.id } });
      expect(res.status).toBe(200);
      await waitFor(
        'clip removed',
        async () => (await op(ctx.app, 'medias.get', { ...as(), params: { id: mediaId } })).status === 404,
      );
      await waitFor('inputs removed', async () => !existsSync(clipInputsDir(ctx.dataDir, mediaId)));
      const library = readdirSync(join(ctx.dataDir, 'media', 'library'));
      expect(library).not.toContain(mediaId);
    } finally {
      await stop(writer);
    }
  }, 90_000);
});

describe('clips of a media', () => {
  it('cuts a recording (MPEG-TS) to the asked frames', async () => {
    const up = await uploadFile(ctx, fixture, 'recording.ts');
    const source = await mediaReady(ctx, up.body.items[0]!.id);
    const res = await clip({ mediaId: source.id, inMs: 23_300, outMs: 33_300, name: 'Highlight' });
    expect(res.status).toBe(202);
    expect(res.body.media.name).toBe('Highlight');
    await done(res.body.job.id);
    const made = await media(res.body.media.id);
    expect(made.clip).toMatchObject({
      sourceKind: 'media',
      sourceId: source.id,
      inMs: 23_300,
      outMs: 33_300,
    });
    const frames = await frameIndexes(fileOf(made));
    expect(Math.abs(frames[0]! - 699)).toBeLessThanOrEqual(1);
    expect(Math.abs(frames.at(-1)! - 998)).toBeLessThanOrEqual(1);

    const past = await clip({ mediaId: source.id, inMs: 30_000, outMs: 50_000 });
    expect(past.status).toBe(422);
    expect(past.body.details?.[0]?.field).toBe('outMs');
  });

  it('deletes a clip when its auto-delete time has come', async () => {
    const t0 = segments[0]!.startMs;
    const res = await clip({
      outputId: dvrId,
      from: iso(t0 + 2000),
      to: iso(t0 + 4000),
      mode: 'fast',
      autoDeleteAt: iso(Date.now() + 1500),
    });
    expect(res.body.media.autoDeleteAt).not.toBeNull();
    await jobEnded(ctx, res.body.job.id);
    await new Promise((r) => setTimeout(r, 1600));
    await ctx.app.services.clips.sweep();
    expect((await op(ctx.app, 'medias.get', { ...as(), params: { id: res.body.media.id } })).status).toBe(
      404,
    );
  });
});
