import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LlHlsPackager } from '../src/ll-hls-packager';

// Just enough ISO BMFF for the packager: a moov with a video (90 kHz) and an audio track (48 kHz), and
// fragments of given sample counts per track.
const VIDEO = 1;
const AUDIO = 2;
const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4);
  for (const [i, v] of values.entries()) b.writeUInt32BE(v, i * 4);
  return b;
};
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const trak = (id: number, timescale: number, handler: string) =>
  box(
    'trak',
    box('tkhd', u32(0, 0, 0, id)),
    box('mdia', box('mdhd', u32(0, 0, 0, timescale)), box('hdlr', u32(0, 0), Buffer.from(handler, 'latin1'))),
  );
const moov = () =>
  box(
    'moov',
    trak(VIDEO, 90_000, 'vide'),
    trak(AUDIO, 48_000, 'soun'),
    box('mvex', box('trex', u32(0, VIDEO, 1, 0, 0, 0)), box('trex', u32(0, AUDIO, 1, 0, 0, 0))),
  );
/** A track's run: `count` samples of `duration`, the first a sync sample when `key`. */
const traf = (id: number, baseTime: number, count: number, duration: number, key: boolean) =>
  box(
    'traf',
    box('tfhd', u32(0, id)),
    box('tfdt', u32(0, baseTime)),
    box('trun', u32(0x104, count, key ? 0 : 0x10000), u32(...Array(count).fill(duration))),
  );
interface Frag {
  video?: { at: number; frames: number; key?: boolean };
  audio?: { at: number; frames: number };
}
const fragment = ({ video, audio }: Frag) =>
  Buffer.concat([
    box(
      'moof',
      ...(video ? [traf(VIDEO, video.at * 3600, video.frames, 3600, !!video.key)] : []),
      ...(audio ? [traf(AUDIO, audio.at * 1024, audio.frames, 1024, true)] : []),
    ),
    box('mdat', Buffer.from('media')),
  ]);

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function packaged(stream: Buffer[]) {
  dir = mkdtempSync(join(tmpdir(), 'sw-ll-'));
  const packager = new LlHlsPackager({ dir, segmentSeconds: 2, partTargetSeconds: 0.3, listSize: 5 });
  for (const chunk of stream) {
    if (chunk.toString('latin1', 4, 8) === 'moov') packager.newStream();
    packager.push(chunk);
  }
  await packager.flush(true);
  packager.stop();
  const playlist = readFileSync(join(dir, 'index.m3u8'), 'utf8');
  const parts = playlist.split('\n').filter((l) => l.startsWith('#EXT-X-PART:'));
  return { playlist, parts, files: readdirSync(dir) };
}

describe('LlHlsPackager', () => {
  it('lists no time without pictures at the end of a writer: its trailing audio alone is dropped', async () => {
    const { playlist, parts } = await packaged([
      moov(),
      fragment({ video: { at: 0, frames: 7, key: true }, audio: { at: 0, frames: 13 } }),
      // The writer's input ended with two audio frames past its last picture.
      fragment({ audio: { at: 13, frames: 2 } }),
      moov(),
      fragment({ video: { at: 0, frames: 7, key: true }, audio: { at: 0, frames: 13 } }),
    ]);
    expect(parts.map((p) => /DURATION=([\d.]+)/.exec(p)?.[1])).toEqual(['0.28', '0.28']);
    expect(playlist).toContain('#EXTINF:0.28,\nseg_0.m4s\n#EXT-X-DISCONTINUITY');
  });

  it('puts audio alone in the middle of a stream into the next part, with its pictures', async () => {
    const { parts } = await packaged([
      moov(),
      fragment({ video: { at: 0, frames: 7, key: true }, audio: { at: 0, frames: 13 } }),
      fragment({ audio: { at: 13, frames: 2 } }),
      fragment({ video: { at: 7, frames: 6 }, audio: { at: 15, frames: 10 } }),
    ]);
    expect(parts).toHaveLength(2);
    const second = readFileSync(join(dir, 'part_0_1.m4s'));
    expect(second.toString('latin1').split('moof')).toHaveLength(3);
    expect(parts[1]).toContain('DURATION=0.24');
  });

  it('gives audio without pictures for long parts of its own again', async () => {
    const audioOnly = Array.from({ length: 12 }, (_, i) =>
      fragment({ audio: { at: 13 + i * 12, frames: 12 } }),
    );
    const { parts } = await packaged([
      moov(),
      fragment({ video: { at: 0, frames: 7, key: true }, audio: { at: 0, frames: 13 } }),
      ...audioOnly,
    ]);
    expect(parts.length).toBeGreaterThan(1);
  });

  it('hints only parts that will be written: none while the next part may open a new segment', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sw-ll-'));
    const packager = new LlHlsPackager({ dir, segmentSeconds: 2, partTargetSeconds: 0.3, listSize: 10 });
    packager.newStream();
    packager.push(moov());
    const hints: string[] = [];
    // 6 s at 25 fps in fragments of 7 frames, a keyframe every 2 s (50 frames): fragments start on one
    // only now and then, so segments close at uneven lengths, as from a real encoder.
    for (let frame = 0; frame < 150; frame += 7) {
      const key = frame % 50 < 7;
      packager.push(fragment({ video: { at: frame, frames: 7, key }, audio: { at: frame * 2, frames: 14 } }));
      await packager.flush();
      const hint = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="([^"]+)"/.exec(
        readFileSync(join(dir, 'index.m3u8'), 'utf8'),
      );
      if (hint) hints.push(hint[1]!);
    }
    await packager.flush(true);
    packager.stop();
    const written = new Set(readdirSync(dir));
    // Every hint but the last (the stream ended before it came) names a part that exists.
    expect(hints.length).toBeGreaterThan(10);
    expect(hints.slice(0, -1).filter((h) => !written.has(h))).toEqual([]);
    expect(written.has('seg_2.m4s')).toBe(true);
  });
});
