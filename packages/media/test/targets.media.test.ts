// Target relays with real ffmpeg: a live RTMP feed relayed to an RTMP and an SRT receiver that write
// files, which ffprobe then checks for playable H.264/AAC.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rtmpTarget, srtTarget } from '../src/target-args';
import {
  cleanup,
  exited,
  FEED,
  ffmpegHelper,
  ffprobe,
  freePort,
  freeUdpPort,
  listening,
  startLiveFeed,
  supervisor,
  tempDir,
  waitForState,
} from './media-helpers';

afterEach(cleanup);

/** Target options for tests: quick retries, since the feed's player port opens a moment late. */
const quick = { backoffInitialMs: 300, backoffMaxMs: 1000 };

async function relayFor(ms: number, target: ReturnType<typeof supervisor>) {
  await waitForState(target, 'running');
  await new Promise<void>((resolve) => {
    const on = (p: { outTimeMs: number }) => {
      if (p.outTimeMs < ms) return;
      target.off('progress', on);
      resolve();
    };
    target.on('progress', on);
  });
  // SIGTERM: ffmpeg finishes its output, the receiver sees the end and closes its file.
  await target.stop();
}

function expectPlayable(info: Awaited<ReturnType<typeof ffprobe>>, minSeconds: number) {
  const video = info.streams.find((s) => s.codec_type === 'video');
  const audio = info.streams.find((s) => s.codec_type === 'audio');
  expect(video).toMatchObject({ codec_name: 'h264', width: FEED.width, height: FEED.height });
  expect(audio).toMatchObject({ codec_name: 'aac' });
  expect(Number(info.format.duration)).toBeGreaterThan(minSeconds);
}

describe('targets with ffmpeg', () => {
  it('relays a live feed to an RTMP receiver; the file is H.264/AAC at the feed size, > 2 s', async () => {
    const dir = await tempDir();
    const file = join(dir, 'rtmp.flv');
    const port = await freePort();
    const receiver = ffmpegHelper([
      '-listen',
      '1',
      '-i',
      `rtmp://127.0.0.1:${port}/live/y`,
      '-c',
      'copy',
      '-y',
      file,
    ]);
    await listening(port);
    const feed = await startLiveFeed();
    const target = supervisor({ label: 'rtmp target', ...quick });
    target.start(rtmpTarget({ input: feed.url, url: `rtmp://127.0.0.1:${port}/live/y` }));
    await relayFor(3500, target);
    expect(await exited(receiver, 10_000)).toBe(0);
    expectPlayable(await ffprobe(file), 2);
  });

  it('relays a live feed over SRT (caller, encrypted, with stream id) to a listener writing MPEG-TS', async () => {
    const dir = await tempDir();
    const file = join(dir, 'srt.ts');
    const port = await freeUdpPort();
    const passphrase = 'not&so%secret#1';
    const receiver = ffmpegHelper([
      ...['-passphrase', passphrase, '-i', `srt://127.0.0.1:${port}?mode=listener&latency=120000`],
      ...['-c', 'copy', '-f', 'mpegts', '-y', file],
    ]);
    await listening(port, 5000, 'udp');
    const feed = await startLiveFeed();
    const target = supervisor({ label: 'srt target', ...quick });
    const args = srtTarget({
      input: feed.url,
      host: '127.0.0.1',
      port,
      latencyMs: 120,
      passphrase,
      streamId: '#!::r=live/test,m=publish',
    });
    target.start(args);
    await relayFor(3500, target);
    expect(await exited(receiver, 10_000)).toBe(0);
    expectPlayable(await ffprobe(file), 2);
  });
});
