import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { draftOutputSchema, timelineSchema } from '@stromwerk/contracts/drafts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDraftRender, type DraftSource, losslessCuts } from '../src/draft-args';
import { probeKeyframes } from '../src/keyframes';

/**
 * Issue 33 item 10: the range the editor shows for a lossless render (the keyframe at or before each
 * In, to Out) is what the render produces, on a real H.264/AAC file with a keyframe every 2 s.
 */
const run = promisify(execFile);
const MEDIA = '00000000-0000-4000-8000-000000000001';
let dir: string;
let source: DraftSource;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sw-keyframes-'));
  const file = join(dir, 'gop2.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=30:duration=20'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=20'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60', '-keyint_min', '60', '-sc_threshold', '0'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ac', '2', file],
  ]);
  const input = { url: file, format: 'mov' };
  source = {
    input,
    durationMs: 20_000,
    video: { codec: 'h264', width: 320, height: 180, fps: 30 },
    audio: { codec: 'aac', sampleRate: 48000, channels: 2 },
    keyframesMs: await probeKeyframes(input),
  };
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

async function durationOf(file: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=duration'],
    ...['-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim()) * 1000;
}

async function renderLossless(main: { inMs: number; outMs: number }[]) {
  const timeline = timelineSchema.parse({
    main: main.map((c, i) => ({ id: `c${i + 1}`, mediaId: MEDIA, ...c })),
  });
  const sources = { [MEDIA]: source };
  const files = {
    output: join(dir, `out-${main.map((c) => `${c.inMs}-${c.outMs}`).join('_')}.mp4`),
    graphFile: join(dir, 'graph.txt'),
    listFile: join(dir, 'list.txt'),
    textFile: (i: number) => join(dir, `text-${i}.txt`),
  };
  const plan = buildDraftRender(timeline, draftOutputSchema.parse({ renderMode: 'copy' }), sources, files);
  await writeFile(files.listFile, plan.concatList!);
  await run('ffmpeg', plan.args);
  return { plan, cuts: losslessCuts(timeline, sources), measuredMs: await durationOf(files.output) };
}

/** One frame at 30 fps: ffprobe's stream duration counts whole frames. */
const FRAME_MS = 1000 / 30;

describe('lossless render range', () => {
  it('finds the keyframe every 2 s', () => {
    expect(source.keyframesMs).toEqual([0, 2000, 4000, 6000, 8000, 10_000, 12_000, 14_000, 16_000, 18_000]);
  });

  it('starts a cut of 2.5-8 s on the keyframe at 2 s: 6 s, as predicted', async () => {
    const { plan, cuts, measuredMs } = await renderLossless([{ inMs: 2500, outMs: 8000 }]);
    expect(plan.lossless).toBe(true);
    expect(cuts).toEqual([{ inMs: 2000, outMs: 8000 }]);
    expect(plan.durationMs).toBe(6000);
    expect(Math.abs(measuredMs - plan.durationMs)).toBeLessThanOrEqual(FRAME_MS);
  }, 60_000);

  it('keeps a start on a keyframe and an end between keyframes', async () => {
    const { cuts, measuredMs } = await renderLossless([{ inMs: 4000, outMs: 7300 }]);
    expect(cuts).toEqual([{ inMs: 4000, outMs: 7300 }]);
    expect(Math.abs(measuredMs - 3300)).toBeLessThanOrEqual(FRAME_MS);
  }, 60_000);

  it('adds up the snapped clips of a multi-clip draft', async () => {
    const { plan, cuts, measuredMs } = await renderLossless([
      { inMs: 3100, outMs: 5000 },
      { inMs: 12_900, outMs: 15_500 },
    ]);
    expect(cuts).toEqual([
      { inMs: 2000, outMs: 5000 },
      { inMs: 12_000, outMs: 15_500 },
    ]);
    expect(plan.durationMs).toBe(6500);
    expect(Math.abs(measuredMs - plan.durationMs)).toBeLessThanOrEqual(FRAME_MS);
  }, 60_000);
});
