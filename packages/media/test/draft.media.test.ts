import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { draftOutputSchema, type Timeline, timelineSchema } from '@stromwerk/contracts/drafts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDraftRender, type DraftRange, type DraftSource } from '../src/draft-args';
import { previewOutput, previewWindow } from '../src/draft-window';

/** Issue 15 with real ffmpeg on lavfi fixtures: order, fades, overlays, beds and the lossless path. */
const run = promisify(execFile);
let dir: string;
const q = ['-hide_banner', '-loglevel', 'error', '-y'];

async function make(name: string, args: string[]) {
  const file = join(dir, name);
  await run('ffmpeg', [...q, ...args, file]);
  return file;
}

const video = (codec = 'h264', width = 320, height = 180, fps = 30) => ({ codec, width, height, fps });
const stereo = { codec: 'aac', sampleRate: 48000, channels: 2 };
let sources: Record<string, DraftSource>;
const RED = '00000000-0000-4000-8000-000000000001';
const BLUE = '00000000-0000-4000-8000-000000000002';
const LOGO = '00000000-0000-4000-8000-000000000003';
const MUSIC = '00000000-0000-4000-8000-000000000004';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sw-draft-'));
  const red = await make('red.mp4', [
    ...['-f', 'lavfi', '-i', 'color=c=red:size=320x180:rate=30:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=4'],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-g',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-ac',
      '2',
    ],
  ]);
  // Another size and rate, and no sound at all.
  const blue = await make('blue.mp4', [
    ...['-f', 'lavfi', '-i', 'color=c=blue:size=640x360:rate=25:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
  ]);
  const logo = await make('logo.png', ['-f', 'lavfi', '-i', 'color=c=0x00ff00:size=64x64', '-frames:v', '1']);
  const music = await make('music.wav', [
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=880:sample_rate=48000:duration=10',
  ]);
  sources = {
    [RED]: { input: { url: red, format: 'mov' }, durationMs: 4000, video: video(), audio: stereo },
    [BLUE]: {
      input: { url: blue, format: 'mov' },
      durationMs: 4000,
      video: video('h264', 640, 360, 25),
      audio: null,
    },
    [LOGO]: {
      input: { url: logo, format: 'png_pipe' },
      durationMs: 0,
      video: video('png', 64, 64),
      audio: null,
    },
    [MUSIC]: { input: { url: music, format: 'wav' }, durationMs: 10_000, video: null, audio: stereo },
  };
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

async function render(
  t: Timeline,
  output = draftOutputSchema.parse({ size: '1280x720' }),
  range?: DraftRange,
) {
  const files = {
    output: join(dir, `out-${Math.random().toString(36).slice(2)}.mp4`),
    graphFile: join(dir, 'graph.txt'),
    listFile: join(dir, 'list.txt'),
    textFile: (i: number) => join(dir, `text-${i}.txt`),
  };
  const plan = buildDraftRender(t, output, sources, files, range);
  if (plan.graph) await writeFile(files.graphFile, plan.graph);
  if (plan.concatList) await writeFile(files.listFile, plan.concatList);
  for (const [i, o] of t.overlays.entries())
    if (o.type === 'text') await writeFile(files.textFile(i), o.text);
  await run('ffmpeg', plan.args);
  return { plan, file: files.output };
}

/** The mean RGB of a 4x4 patch at (x, y) of the frame at `t` seconds. */
async function pixel(file: string, t: number, x: number, y: number): Promise<[number, number, number]> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...q,
      '-ss',
      String(t),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `crop=4:4:${x}:${y},scale=1:1:flags=area`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer' },
  );
  return [stdout[0]!, stdout[1]!, stdout[2]!];
}

async function probe(file: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_streams',
    '-show_format',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as {
    format: { duration: string };
    streams: {
      codec_type: string;
      codec_name: string;
      pix_fmt?: string;
      sample_rate?: string;
      channels?: number;
      nb_frames?: string;
    }[];
  };
}

describe('draft render', () => {
  it('joins clips in order with a fade, places the logo and the title, mixes the music bed', async () => {
    const timeline = timelineSchema.parse({
      main: [
        { id: 'c1', mediaId: RED, inMs: 0, outMs: 4000, transitionOut: { type: 'fade', durationMs: 1000 } },
        { id: 'c2', mediaId: BLUE, inMs: 0, outMs: 4000 },
      ],
      overlays: [
        { id: 'l1', type: 'image', mediaId: LOGO, atMs: 500, durationMs: 2000, x: 0.8, y: 0.05, w: 0.1 },
        { id: 't1', type: 'text', text: "Q3: Town Hall's 100 % \\ live", atMs: 0, durationMs: 2000 },
      ],
      audio: [
        {
          id: 'a1',
          clips: [{ id: 'm1', mediaId: MUSIC, inMs: 0, atMs: 0, durationMs: 7000, volumeDb: -12 }],
        },
      ],
    });
    const { plan, file } = await render(timeline);
    expect(plan.lossless).toBe(false);
    expect(plan.copyBlockers).toEqual(expect.arrayContaining(['overlays', 'transitions', 'audio tracks']));
    expect(plan.durationMs).toBe(7000);
    const info = await probe(file);
    expect(Math.abs(Number(info.format.duration) - 7)).toBeLessThanOrEqual(1 / 30 + 0.03);
    const v = info.streams.find((x) => x.codec_type === 'video')!;
    const a = info.streams.find((x) => x.codec_type === 'audio')!;
    expect([v.codec_name, v.pix_fmt, a.codec_name, a.sample_rate, a.channels]).toEqual([
      'h264',
      'yuv420p',
      'aac',
      '48000',
      2,
    ]);

    const [r1, , b1] = await pixel(file, 1, 640, 300);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    const [rm, , bm] = await pixel(file, 3.5, 640, 300); // middle of the fade from 3 s to 4 s
    expect(rm).toBeGreaterThan(60);
    expect(rm).toBeLessThan(200);
    expect(bm).toBeGreaterThan(60);
    expect(bm).toBeLessThan(200);
    const [r2, , b2] = await pixel(file, 5.5, 640, 300);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);

    const logoAt = (t: number) => pixel(file, t, Math.round(1280 * 0.8) + 40, Math.round(720 * 0.05) + 40);
    expect((await logoAt(1.5))[1]).toBeGreaterThan(200); // green over red
    expect((await logoAt(3.2))[1]).toBeLessThan(100); // gone after 2.5 s
    // The lower third's dark box sits in the bottom left while the title shows, and not after.
    const box = (t: number) => pixel(file, t, Math.round(1280 * 0.05) - 8, Math.round(720 * 0.8) + 4);
    expect((await box(1))[0]).toBeLessThan(150);
    expect((await box(2.5))[0]).toBeGreaterThan(200);
  }, 120_000);

  it('renders the exact preview: the seconds around the playhead, small, as the whole render shows them', async () => {
    const timeline = timelineSchema.parse({
      main: [
        { id: 'c1', mediaId: RED, inMs: 0, outMs: 4000, transitionOut: { type: 'fade', durationMs: 1000 } },
        { id: 'c2', mediaId: BLUE, inMs: 0, outMs: 4000 },
      ],
      overlays: [
        { id: 'l1', type: 'image', mediaId: LOGO, atMs: 500, durationMs: 2000, x: 0.8, y: 0.05, w: 0.1 },
      ],
    });
    const output = draftOutputSchema.parse({ size: '1280x720' });
    const w = previewWindow(timeline, 3500); // 1.5 s to 5.5 s of the 7 s draft
    expect([w.fromMs, w.toMs]).toEqual([1500, 5500]);
    const { plan, file } = await render(w.timeline, previewOutput(output), w);
    expect(plan.durationMs).toBe(4000);
    const info = await probe(file);
    expect(Math.abs(Number(info.format.duration) - 4)).toBeLessThanOrEqual(1 / 30 + 0.03);
    const v = info.streams.find((x) => x.codec_type === 'video') as { width?: number; height?: number };
    expect([v.width, v.height]).toEqual([480, 270]);
    // Preview time t is draft time 1.5 + t: red with the logo, the middle of the fade, then blue.
    const [r0, g0, b0] = await pixel(file, 0.3, 240, 110);
    expect([r0 > 200, g0 < 60, b0 < 60]).toEqual([true, true, true]);
    expect(
      (await pixel(file, 0.3, Math.round(480 * 0.8) + 15, Math.round(270 * 0.05) + 15))[1],
    ).toBeGreaterThan(200);
    const [rm, , bm] = await pixel(file, 2, 240, 110);
    expect([rm > 60 && rm < 200, bm > 60 && bm < 200]).toEqual([true, true]);
    const [r2, , b2] = await pixel(file, 3.5, 240, 110);
    expect([r2 < 60, b2 > 200]).toEqual([true, true]);
  }, 60_000);

  it('renders a cut followed by a transition (a clip split in two, then a fade)', async () => {
    // concat answers in another time base than a clip; xfade used to refuse the pair.
    const timeline = timelineSchema.parse({
      main: [
        { id: 'c1', mediaId: RED, inMs: 0, outMs: 1500 },
        { id: 'c2', mediaId: RED, inMs: 1500, outMs: 3000, transitionOut: { type: 'fade', durationMs: 500 } },
        { id: 'c3', mediaId: BLUE, inMs: 0, outMs: 2000 },
      ],
    });
    const { plan, file } = await render(timeline);
    expect(plan.durationMs).toBe(4500);
    const info = await probe(file);
    expect(Math.abs(Number(info.format.duration) - 4.5)).toBeLessThanOrEqual(1 / 30 + 0.03);
    expect((await pixel(file, 2, 640, 300))[0]).toBeGreaterThan(200);
    expect((await pixel(file, 4, 640, 300))[2]).toBeGreaterThan(200);
  }, 90_000);

  it('renders a clip without sound, and sets the music bed 12 dB under as asked', async () => {
    const bedAt = async (volumeDb: number) => {
      const t = timelineSchema.parse({
        main: [{ id: 'c1', mediaId: BLUE, inMs: 0, outMs: 3000 }],
        audio: [
          { id: 'a1', clips: [{ id: 'm1', mediaId: MUSIC, inMs: 0, atMs: 0, durationMs: 3000, volumeDb }] },
        ],
      });
      const { file } = await render(t);
      const { stderr } = await run('ffmpeg', [
        '-hide_banner',
        '-i',
        file,
        '-af',
        'volumedetect',
        '-f',
        'null',
        '-',
      ]);
      return Number(stderr.match(/mean_volume: (-?[\d.]+) dB/)![1]);
    };
    const full = await bedAt(0);
    const under = await bedAt(-12);
    expect(full - under).toBeGreaterThan(11);
    expect(full - under).toBeLessThan(13);
  }, 90_000);

  it('copies matching cuts losslessly: same codecs, no re-encode', async () => {
    const cuts = timelineSchema.parse({
      main: [
        { id: 'c1', mediaId: RED, inMs: 0, outMs: 1000 },
        { id: 'c2', mediaId: RED, inMs: 2000, outMs: 4000 },
      ],
    });
    const { plan, file } = await render(cuts, draftOutputSchema.parse({}));
    expect(plan.lossless).toBe(true);
    expect(plan.args).not.toContain('libx264');
    const info = await probe(file);
    expect(info.streams.map((x) => x.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(Number(info.format.duration) - 3)).toBeLessThan(0.15);
    const frames = Number(info.streams.find((x) => x.codec_type === 'video')!.nb_frames);
    expect(frames).toBe(90); // 30 + 60 frames, cut on the 1 s keyframes
  }, 60_000);
});
