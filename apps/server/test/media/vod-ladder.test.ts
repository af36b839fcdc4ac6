import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeMedia } from '@stromwerk/media/probe';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { vodLadder } from '../../src/modules/outputs/program-ladder';
import {
  readRungVod,
  readVod,
  readVodMultivariant,
  VodPackager,
} from '../../src/modules/outputs/vod-packager';
import { ffprobe, makeMediaFile } from '../helpers/media';

const dir = mkdtempSync(join(tmpdir(), 'sw-vod-ladder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The segment names and their #EXTINF lengths of a VOD playlist. */
function segments(text: string) {
  const lines = text.split('\n');
  return lines.flatMap((l, i) =>
    l.startsWith('#EXTINF:') ? [[lines[i + 1], Number.parseFloat(l.slice(8))] as const] : [],
  );
}

describe('the VOD after the stream of a player with a quality ladder', () => {
  it('cuts the recording as the top rung, then every lower rung aligned with it, and offers them all', async () => {
    // A recording as the program's recorder writes it: H.264 with AAC, a keyframe every 2 s, 720p.
    const file = await makeMediaFile(join(dir, 'recording.mp4'), {
      seconds: 14,
      size: '1280x720',
      vcodec: 'libx264',
      acodec: 'aac',
      gop: 50,
    });
    const input = { url: file, format: 'mov,mp4,m4a,3gp,3g2,mj2' };
    const info = await probeMedia(input);
    const ladder = vodLadder(['source', '720p', '360p', '240p'], {
      info,
      sizeBytes: 1_000_000,
      durationMs: 14_000,
    });
    // 720p is not below the recording: the VOD offers the recording, 360p and 240p.
    expect(ladder!.rungs.map((r) => [r.name, r.dir, r.copy])).toEqual([
      ['source', '', true],
      ['360p', 'r1', false],
      ['240p', 'r2', false],
    ]);
    const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const packager = new VodPackager({ ffmpegPath: 'ffmpeg', log });
    await packager.ensure(dir, 'media-1', async () => input, false, ladder);
    expect(log.error).not.toHaveBeenCalled();

    const top = (await readVod(dir))!;
    const r1 = (await readRungVod(dir, 'r1'))!;
    const r2 = (await readRungVod(dir, 'r2'))!;
    // Same cuts in every rung: as many segments, each as long as the top rung's (keyframes aligned).
    for (const rung of [r1, r2]) {
      expect(segments(rung).map(([, s]) => s.toFixed(2))).toEqual(segments(top).map(([, s]) => s.toFixed(2)));
    }
    expect(segments(top).length).toBeGreaterThanOrEqual(2);
    const [first] = segments(r2)[0]!;
    const probed = await ffprobe(join(dir, 'r2', first!));
    expect(probed.streams.find((s) => s.codec_type === 'video')?.height).toBe(240);
    expect(probed.streams.some((s) => s.codec_type === 'audio')).toBe(true);

    const master = (await readVodMultivariant(dir))!;
    expect(master.match(/^#EXT-X-STREAM-INF/gm)).toHaveLength(3);
    expect(master).toContain('RESOLUTION=1280x720');
    expect(master.split('\n').filter((l) => l.endsWith('.m3u8'))).toEqual([
      'index.m3u8',
      'r1/index.m3u8',
      'r2/index.m3u8',
    ]);

    // Asked again for the same recording: nothing is packaged anew.
    const before = readFileSync(join(dir, 'vod-master.m3u8'), 'utf8');
    await packager.ensure(
      dir,
      'media-1',
      async () => {
        throw new Error('not read again');
      },
      false,
      ladder,
    );
    expect(readFileSync(join(dir, 'vod-master.m3u8'), 'utf8')).toBe(before);

    // A rung's folder gone (the live ladder turned off): the VOD plays as the recording alone, no gap.
    rmSync(join(dir, 'r2'), { recursive: true });
    expect(await readVodMultivariant(dir)).toBeNull();
    expect(await readVod(dir)).not.toBeNull();

    // Discarded: every VOD file goes, the rungs' too.
    await packager.discard(dir);
    expect(await readVod(dir)).toBeNull();
    expect(await readRungVod(dir, 'r1')).toBeNull();
  }, 90_000);
});
