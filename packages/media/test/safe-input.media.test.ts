// safeInput()/probeMedia with real ffmpeg 5.1: a playlist naming a file is refused by the probe and
// cannot be read through the builders even when a row claims an allowed format for it.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_ARGS } from '../src/ffmpeg-args';
import { frameAt } from '../src/file-args';
import { ProbeError, probeMedia } from '../src/probe';
import { runToCompletion } from '../src/run-to-completion';

let dir = '';
let clip = '';
let playlist = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stromwerk-safe-input-'));
  clip = join(dir, 'secret.mkv');
  await runToCompletion([
    ...COMMON_ARGS,
    ...['-f', 'lavfi', '-i', 'testsrc2=size=64x48:rate=10:duration=1', '-c:v', 'mpeg4', '-y', clip],
  ]);
  playlist = join(dir, 'original.m3u8');
  await writeFile(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1.0,\n${clip}\n#EXT-X-ENDLIST\n`);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('stored media through safeInput', () => {
  it('probeMedia accepts a real file and names its demuxer', async () => {
    expect((await probeMedia({ url: clip })).formatName).toBe('matroska,webm');
  });

  it('probeMedia refuses a playlist by its content, naming the format', async () => {
    const err = await probeMedia({ url: playlist }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProbeError);
    expect(err).toMatchObject({ kind: 'refused', format: 'hls' });
  });

  it.each([null, 'hls', 'matroska,webm'])(
    'a frame grab of the playlist (row format %s) reads nothing',
    async (format) => {
      const out = join(dir, `frame-${format}.jpg`);
      const err = await runToCompletion(frameAt({ url: playlist, format }, 0, out)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(existsSync(out)).toBe(false);
    },
  );
});
