// Icecast target with a real icecast2 server: push a live feed's audio, then listen to the mount.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { icecastTarget } from '../src/target-args';
import { ensureIcecast, type IcecastServer, startIcecast } from './icecast-server';
import {
  cleanup,
  exited,
  ffmpegHelper,
  ffprobe,
  startLiveFeed,
  supervisor,
  tempDir,
  waitForState,
} from './media-helpers';

const skipReason = ensureIcecast();
if (skipReason) console.warn(`Skipping Icecast media tests: ${skipReason}`);

const SOURCE_PASSWORD = 'src@pass:w0rd!';
let port = 0;
let server: IcecastServer | undefined;

beforeAll(async () => {
  if (skipReason) return;
  // Not a per-test helper: the server lives for the whole file.
  server = await startIcecast(SOURCE_PASSWORD);
  port = server.port;
});
afterEach(cleanup);
afterAll(async () => {
  await server?.stop();
});

describe.skipIf(skipReason !== null)('Icecast target with icecast2', () => {
  it.each([
    ['mp3', '/live.mp3', 'mp3'],
    ['aac', '/live.aac', 'aac'],
  ] as const)('pushes %s audio to a mount that a listener can play', async (format, mount, codec) => {
    const feed = await startLiveFeed();
    const target = supervisor({ label: `icecast ${format}`, backoffInitialMs: 300 });
    target.start(
      icecastTarget({
        input: feed.url,
        url: `icecast://127.0.0.1:${port}`,
        mount,
        password: SOURCE_PASSWORD,
        format,
        bitrateKbps: 96,
        name: 'Stromwerk test',
      }),
    );
    await waitForState(target, 'running');
    const file = join(await tempDir(), `listened.${format}`);
    const listener = ffmpegHelper([
      '-i',
      `http://127.0.0.1:${port}${mount}`,
      '-t',
      '3',
      '-c',
      'copy',
      '-y',
      file,
    ]);
    expect(await exited(listener, 15_000)).toBe(0);
    const info = await ffprobe(file);
    expect(info.streams).toEqual([expect.objectContaining({ codec_type: 'audio', codec_name: codec })]);
    expect(Number(info.format.duration)).toBeGreaterThan(2.5);
  });

  it('reports a wrong source password in words', async () => {
    const feed = await startLiveFeed();
    const target = supervisor({ backoffInitialMs: 5000 });
    const args = icecastTarget({
      input: feed.url,
      url: `http://127.0.0.1:${port}`,
      mount: '/wrong.mp3',
      password: 'not-the-password',
      format: 'mp3',
    });
    target.start(args);
    await waitForState(target, 'retrying');
    expect(target.lastError).toBe('Server returned 401 Unauthorized');
  });
});
