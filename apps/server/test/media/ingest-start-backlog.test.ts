import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_FPS, frameIndexes, writeFrameIndexVideo } from '../../../../packages/media/test/frame-index';
import { type RtmpIngest, startRtmpIngest } from '../../src/plugins/rtmp-ingest';
import { ffmpeg, freePort, publishTestStream, stopAll, waitFor } from '../helpers/media';

// A recorder connects to the ingest only once its session is live and its recording begun: on a loaded
// machine seconds after the first frame, and a reader of the ingest begins at the current picture group,
// so recordings lost their first seconds. A key that something records (its source, a player showing it)
// is kept from its first keyframe (plugins/start-backlogs.ts) for each recording that asks for the start.
// Here both kinds of reader connect to the real ingest 4.5 s into a publish of frames that carry their own
// index (keyframes every 2 s): those from the start have every frame from the first, the others begin two
// picture groups in.
const dir = mkdtempSync(join(tmpdir(), 'sw-backlog-'));
let ingest: RtmpIngest;
const published: string[] = [];
const ended: string[] = [];
beforeAll(async () => {
  ingest = await startRtmpIngest({
    port: await freePort(),
    host: '127.0.0.1',
    dataDir: dir,
    hooks: {
      mayPublish: () => true,
      // The source records, and so does a player showing it.
      startReaders: async (key) => (key === 'recorded' ? 2 : 0),
      published: (key) => published.push(key),
      unpublished: (key) => ended.push(key),
    },
  });
});
afterAll(async () => {
  await stopAll();
  await ingest.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Reads `url` into a file until the stream ends; resolves with the frame indexes it holds. */
async function record(url: string, file: string) {
  const reader = ffmpeg([
    ...['-rw_timeout', '15000000', '-i', url, '-map', '0:v:0', '-c', 'copy'],
    ...['-flush_packets', '1', '-f', 'mpegts', file],
  ]);
  await new Promise((resolve) => reader.once('exit', resolve));
  return frameIndexes(file);
}

const SECONDS = 14;
const gaps = (frames: number[]) => frames.slice(1).filter((f, i) => f !== frames[i]! + 1);

describe('the ingest keeps a recorded publish from its first keyframe', () => {
  it('gives the first reader from the start every frame however late it connects; others begin at the current picture group', async () => {
    const video = join(dir, 'index.ts');
    // 14 s: five readers start 4.5 s in, and each must connect while the publish lasts; at load 13 (the
    // browser stage beside this file) a reader's ffmpeg took more than the 5.5 s a 10 s publish left.
    await writeFrameIndexVideo(video, SECONDS);
    const url = (name: string) => `rtmp://127.0.0.1:${ingest.port}/live/${name}`;
    // Two publishes at once: one of a key whose source records, one of a key whose source does not.
    publishTestStream(url('recorded'), { file: video });
    publishTestStream(url('plain'), { file: video });
    await waitFor(
      'the publishes',
      () => published.includes('recorded') && published.includes('plain'),
      15_000,
    );
    const began = Date.now();
    await new Promise((r) => setTimeout(r, 4_500));

    const first = join(dir, 'start.ts');
    const [fromStart, playerFromStart, fromNow, secondFromStart, plainFromStart] = await Promise.all([
      record(ingest.localUrl('recorded', 'start', 'source'), first),
      record(ingest.localUrl('recorded', 'start', 'player'), join(dir, 'player.ts')),
      record(ingest.localUrl('recorded'), join(dir, 'now.ts')),
      // The source's recording again, once its first read has begun writing: served once only.
      waitFor('the first reader writing', () => existsSync(first) && statSync(first).size > 0, 15_000).then(
        () => record(ingest.localUrl('recorded', 'start', 'source'), join(dir, 'start-2.ts')),
      ),
      // Nothing was kept of a key that does not record.
      record(ingest.localUrl('plain', 'start', 'source'), join(dir, 'plain.ts')),
    ]);
    expect(Date.now() - began).toBeGreaterThan(4_500);
    // Every frame, the first to the last: nothing lost to the late connect.
    for (const frames of [fromStart, playerFromStart]) {
      expect(frames[0]).toBe(0);
      expect(frames.at(-1)).toBe(SECONDS * FIXTURE_FPS - 1);
      expect(gaps(frames)).toEqual([]);
    }
    // The other readers began at a picture group after the 4.5 s wait (frame 120 or later), as before.
    for (const frames of [fromNow, secondFromStart, plainFromStart]) {
      expect(frames[0]).toBeGreaterThanOrEqual(4 * FIXTURE_FPS);
      expect(frames[0]! % (2 * FIXTURE_FPS)).toBe(0);
      expect(gaps(frames)).toEqual([]);
    }
    await waitFor('the end of the publish', () => ended.includes('recorded'), 10_000);
  });
});
