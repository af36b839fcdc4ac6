// Finite jobs, probing and the source builders with real ffmpeg: a rendered file, re-live of that
// file, SRT ingest, and an HLS packager smoke test.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publishTestStream } from '../../../scripts/lib/test-support.mjs';
import { COMMON_ARGS, reliveSource, srtIngestListener } from '../src/ffmpeg-args';
import { hls } from '../src/hls-args';
import { ProbeError, probeStream } from '../src/probe';
import { activeProcesses } from '../src/process-registry';
import { type JobProgress, runToCompletion } from '../src/run-to-completion';
import {
  cleanup,
  exited,
  ffmpegHelper,
  ffprobe,
  freePort,
  freeUdpPort,
  listening,
  startLiveFeed,
  supervisor,
  tempDir,
  waitFor,
  waitForState,
} from './media-helpers';

/** A 3 s 640x360 H.264/AAC MP4, rendered once for the file. */
const render = (file: string, seconds = 3) => [
  ...COMMON_ARGS,
  ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${seconds}`],
  ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50'],
  ...['-c:a', 'aac', '-ac', '2', '-movflags', '+faststart', '-y', file],
];

let dir = '';
let clip = '';
const fractions: number[] = [];

beforeAll(async () => {
  // Our own folder, not tempDir(): the clip must outlive the per-test cleanup.
  dir = await mkdtemp(join(tmpdir(), 'stromwerk-clip-'));
  clip = join(dir, 'clip.mp4');
  await runToCompletion(render(clip), {
    durationMs: 3000,
    onProgress: (p: JobProgress) => fractions.push(p.fraction ?? -1),
  });
});
afterEach(cleanup);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('finite jobs and probing', () => {
  it('runToCompletion reports progress up to 1 and leaves a file that probeStream describes', async () => {
    expect(fractions.at(-1)).toBe(1);
    const info = await probeStream(clip);
    expect(info).toMatchObject({
      video: { codec: 'h264', width: 640, height: 360, fps: 25 },
      audio: { codec: 'aac', sampleRate: 48000, channels: 2 },
    });
    expect(info.formatName).toContain('mp4');
    expect(info.durationMs).toBeGreaterThan(2900);
    expect(info.durationMs).toBeLessThan(3200);
    expect(info.video?.profile).toBeTruthy();
  });

  it('probeStream fails in words for a missing file and a refused live URL', async () => {
    await expect(probeStream(join(dir, 'nope.mp4'))).rejects.toMatchObject({
      kind: 'unreadable',
      message: expect.stringMatching(/No such file or directory$/),
    });
    const port = await freePort();
    const err = await probeStream(`rtmp://127.0.0.1:${port}/live/secret-key`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProbeError);
    expect((err as ProbeError).message).toBe(
      `Cannot read rtmp://127.0.0.1:${port}/live/***: Connection refused`,
    );
  });

  it('probeStream reads a live RTMP feed (no duration)', async () => {
    const feed = await startLiveFeed();
    const info = await probeStream(feed.url, 'ffprobe', 15_000);
    expect(info).toMatchObject({
      video: { codec: 'h264', width: 640, height: 360 },
      audio: { codec: 'aac' },
    });
    expect(info.durationMs).toBeNull();
  });

  it('runToCompletion cancels a running ffmpeg at once', async () => {
    const controller = new AbortController();
    const job = runToCompletion(render(join(dir, 'long.mp4'), 600), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    expect(activeProcesses()).toEqual([]);
  });
});

describe('sources', () => {
  /** An RTMP receiver writing FLV, listening before it is returned. */
  async function rtmpReceiver(file: string) {
    const port = await freePort();
    const child = ffmpegHelper([
      '-listen',
      '1',
      '-i',
      `rtmp://127.0.0.1:${port}/live/in`,
      '-c',
      'copy',
      '-y',
      file,
    ]);
    await listening(port);
    return { child, url: `rtmp://127.0.0.1:${port}/live/in` };
  }

  async function runUntil(s: ReturnType<typeof supervisor>, outTimeMs: number) {
    await waitForState(s, 'running');
    await waitFor(
      `${outTimeMs} ms out`,
      () => (s.snapshot().lastProgress?.outTimeMs ?? 0) > outTimeMs,
      20_000,
    );
    await s.stop();
  }

  it('re-lives a 3 s file in a loop, in real time, copying codecs', async () => {
    const out = join(dir, 'relive.flv');
    const receiver = await rtmpReceiver(out);
    const s = supervisor({ label: 'relive' });
    s.start(reliveSource({ input: { url: clip }, loop: true, output: receiver.url }));
    const t0 = Date.now();
    await runUntil(s, 4500);
    expect(Date.now() - t0).toBeGreaterThan(4000); // -re: not faster than real time
    expect(await exited(receiver.child, 10_000)).toBe(0);
    const info = await ffprobe(out);
    expect(Number(info.format.duration)).toBeGreaterThan(4);
    expect(info.streams.map((x) => x.codec_name).sort()).toEqual(['aac', 'h264']);
  });

  it('ingests an encrypted SRT caller and remuxes it to RTMP', async () => {
    const out = join(dir, 'srt-ingest.flv');
    const receiver = await rtmpReceiver(out);
    const port = await freeUdpPort();
    const passphrase = 'ingest&pass%word';
    const s = supervisor({ label: 'srt ingest' });
    s.start(srtIngestListener({ port, host: '127.0.0.1', passphrase, latencyMs: 120, output: receiver.url }));
    await listening(port, 5000, 'udp');
    expect(s.state).toBe('starting'); // waiting for a caller is not yet "online"
    publishTestStream(`srt://127.0.0.1:${port}?mode=caller&latency=120000&pkt_size=1316`, {
      file: clip,
      outputArgs: ['-passphrase', passphrase],
      loglevel: 'warning',
    });
    await runUntil(s, 1500);
    expect(await exited(receiver.child, 10_000)).toBe(0);
    const info = await ffprobe(out);
    expect(info.streams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codec_name: 'h264', width: 640, height: 360 }),
        expect.objectContaining({ codec_name: 'aac' }),
      ]),
    );
  });

  it('packages a live feed as HLS with clock-numbered segments (smoke test)', async () => {
    const feed = await startLiveFeed();
    const out = await tempDir();
    const s = supervisor({ label: 'hls' });
    s.start(hls({ input: feed.url, dir: out, segmentSeconds: 2, listSize: 3, deleteSegments: true }));
    const playlist = join(out, 'index.m3u8');
    await waitFor(
      'two HLS segments',
      async () => ((await readFile(playlist, 'utf8').catch(() => '')).match(/#EXTINF/g) ?? []).length >= 2,
      20_000,
    );
    const text = await readFile(playlist, 'utf8');
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME');
    const segments = (await readdir(out)).filter((f) => f.endsWith('.ts'));
    const first = Number(segments.map((f) => f.match(/^seg_(\d+)\.ts$/)?.[1]).sort()[0]);
    expect(Math.abs(first - Date.now() / 1000)).toBeLessThan(60); // numbered from epoch seconds
  });
});
