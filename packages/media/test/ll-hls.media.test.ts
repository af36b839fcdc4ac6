import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistEdge } from '../src/ll-hls-playlist';
import { ProgramFeed } from '../src/program-feed';
import { cleanup, ffprobe, tempDir, waitFor } from './media-helpers';

const run = promisify(execFile);
let dir: string;

/**
 * 8 s of test picture at 30 fps with a keyframe every 2 s and a tone, H.264/AAC in MP4; or with MP3 in
 * FLV, as an encoder may publish over RTMP.
 */
async function clip(name: string, size: string, audio: 'aac' | 'mp3' = 'aac') {
  const file = join(dir, name);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=30:duration=8`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=8'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60', '-pix_fmt', 'yuv420p'],
    ...(audio === 'aac' ? ['-c:a', 'aac'] : ['-c:a', 'libmp3lame', '-b:a', '128k']),
    file,
  ]);
  return file;
}

const feedOf = (out: string) =>
  new ProgramFeed({
    ffmpegPath: 'ffmpeg',
    dir: out,
    latency: 'low',
    label: 'll-hls test',
    choose: (usable) => (usable.main ? 'main' : usable.fallback ? 'fallback' : undefined),
  });
const fileInput = (path: string) => ({
  key: path,
  source: { kind: 'file' as const, input: { url: path }, loop: true, transcode: false },
});
/** A low-latency feed writing into a new folder `name`, playing `input` as its fallback. */
async function startFeed(name: string, input: string) {
  const out = join(dir, name);
  await run('mkdir', ['-p', out]);
  const feed = feedOf(out);
  feed.start();
  feed.setInputs({ fallback: fileInput(input) });
  return { out, feed };
}
const playlist = (out: string) => readFile(join(out, 'index.m3u8'), 'utf8').catch(() => '');
const attr = (line: string, name: string) => new RegExp(`${name}=("?)([^",]+)\\1`).exec(line)?.[2];

let small: string;
let large: string;
let mp3: string;
beforeAll(async () => {
  dir = await tempDir();
  [small, large, mp3] = await Promise.all([
    clip('small.mp4', '320x180'),
    clip('large.mp4', '480x270'),
    clip('mp3.flv', '320x180', 'mp3'),
  ]);
});
afterAll(cleanup);

describe('LL-HLS program (low latency)', () => {
  it('publishes quarter-second parts as they are written, gathered into 2 s segments from a keyframe', async () => {
    const { out, feed } = await startFeed('one', small);
    try {
      await waitFor('3 segments', async () => playlistEdge(await playlist(out)).lastComplete >= 2, 30_000);
      const text = await playlist(out);
      expect(text).toContain('#EXT-X-PART-INF:PART-TARGET=0.3');
      expect(text).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=0.9');
      expect(text).toMatch(/#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part_\d+_\d+\.m4s"/);
      const parts = text.split('\n').filter((l) => l.startsWith('#EXT-X-PART:'));
      expect(parts.length).toBeGreaterThan(8);
      for (const line of parts) {
        expect(Number(attr(line, 'DURATION'))).toBeLessThanOrEqual(0.3);
        expect(readFileSync(join(out, attr(line, 'URI')!)).length).toBeGreaterThan(0);
      }
      // Every complete segment: about 2 s, starts with an independent part, decodes with its init.
      const lines = text.split('\n');
      const map = attr(lines.find((l) => l.startsWith('#EXT-X-MAP'))!, 'URI')!;
      const segments = lines.filter((l) => l.startsWith('seg_'));
      expect(segments.length).toBeGreaterThanOrEqual(3);
      const durations = lines
        .filter((l) => l.startsWith('#EXTINF:'))
        .map((l) => Number.parseFloat(l.slice(8)));
      for (const d of durations.slice(1)) expect(d).toBeGreaterThan(1.8);
      for (const d of durations.slice(1)) expect(d).toBeLessThan(2.2);
      const whole = join(dir, 'whole.mp4');
      writeFileSync(
        whole,
        Buffer.concat([readFileSync(join(out, map)), readFileSync(join(out, segments[1]!))]),
      );
      const probe = await ffprobe(whole);
      expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
      expect(Number(probe.format.duration)).toBeGreaterThan(1.8);
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=key_frame', '-of', 'csv=p=0'],
        whole,
      ]);
      expect(stdout.trim().split('\n')[0]).toBe('1');
      // The first part of each segment whose parts are listed is independent.
      const firstParts = parts.filter((l) => /_0\.m4s"/.test(l));
      expect(firstParts.length).toBeGreaterThan(0);
      for (const line of firstParts) expect(line).toContain('INDEPENDENT=YES');
    } finally {
      await feed.stop();
    }
  });

  it('plays an input whose audio is MP3: its reader turns the audio into AAC, the picture is copied', async () => {
    const { out, feed } = await startFeed('mp3', mp3);
    try {
      await waitFor('2 segments', async () => playlistEdge(await playlist(out)).lastComplete >= 1, 30_000);
      const lines = (await playlist(out)).split('\n');
      const map = attr(lines.find((l) => l.startsWith('#EXT-X-MAP'))!, 'URI')!;
      const segment = lines.find((l) => l.startsWith('seg_'))!;
      const whole = join(dir, 'mp3-whole.mp4');
      writeFileSync(whole, Buffer.concat([readFileSync(join(out, map)), readFileSync(join(out, segment))]));
      const probe = await ffprobe(whole);
      expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
      // One writer all along: the reader changed its mind before anything reached the program.
      expect((await playlist(out)).includes('#EXT-X-DISCONTINUITY\n')).toBe(false);
    } finally {
      await feed.stop();
    }
  });

  it('goes on behind a discontinuity with a new map when the streams change or a new writer continues', async () => {
    const { out, feed: first } = await startFeed('two', small);
    let before: ReturnType<typeof playlistEdge>;
    try {
      await waitFor('2 segments', async () => playlistEdge(await playlist(out)).lastComplete >= 1, 30_000);
      // Main comes with another picture size: the writer restarts, a new init segment follows.
      first.setInputs({ main: fileInput(large), fallback: fileInput(small) });
      await waitFor(
        'a discontinuity',
        async () => (await playlist(out)).includes('#EXT-X-DISCONTINUITY\n'),
        30_000,
      );
      const text = await playlist(out);
      const maps = text.split('\n').filter((l) => l.startsWith('#EXT-X-MAP'));
      expect(new Set(maps).size).toBe(2);
      before = playlistEdge(text);
    } finally {
      await first.stop();
    }
    // A new feed (a restarted server, another process) continues the numbering on a new timeline.
    const second = feedOf(out);
    second.start();
    second.setInputs({ fallback: fileInput(small) });
    try {
      await waitFor(
        'more segments',
        async () => playlistEdge(await playlist(out)).lastComplete > before.lastComplete + 1,
        30_000,
      );
      const after = playlistEdge(await playlist(out));
      const text = await playlist(out);
      const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)![1]);
      expect(sequence).toBeGreaterThan(before.lastComplete);
      expect(after.discontinuities).toBeGreaterThan(before.discontinuities);
    } finally {
      await second.stop();
    }
  });
});
