import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LiveRecorder } from '../../src/modules/live/live-recorder';

const owner = { kind: 'output', id: 'o1', name: 'Keynote', corporationId: 'c1', workspaceId: 'w1' };

/** A recorder whose recordings service is `recordings` and whose "ffmpeg" is `command`. */
const recorderWith = (recordings: object, command: string, streamOn = () => true) =>
  new LiveRecorder(
    owner as never,
    { first: 'rtmp://127.0.0.1:1/start', next: 'rtmp://127.0.0.1:1/now' },
    {
      recordings: recordings as never,
      ffmpegPath: command,
      log: { debug() {}, error() {} } as never,
      recorder: () => 'me',
      streamOn,
    },
  );

/**
 * The recorder's end (modules/live/live-recorder.ts) with a stand-in ffmpeg that ends at once (`true`), as a
 * part does when the stream it reads ends: the next part starts a second later. When the session ends while
 * that next part is being begun, the pause must name the new part; a pause of the older part matches no
 * row and the recording stays open for good, never joined into a media.
 */
describe('LiveRecorder', () => {
  it('pauses the part being begun when the session ends meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-recorder-'));
    let releaseSecond = () => {};
    const secondBegin = new Promise<void>((r) => {
      releaseSecond = r;
    });
    let parts = 0;
    const recordings = {
      begin: vi.fn(async () => {
        const part = ++parts;
        if (part === 2) await secondBegin;
        return { id: 'r1', part, dir, prefix: `p${part}`, startedAt: new Date() };
      }),
      pause: vi.fn(async () => {}),
    };
    const recorder = recorderWith(recordings, 'true');
    await recorder.start();
    await vi.waitFor(() => expect(recordings.begin).toHaveBeenCalledTimes(2), { timeout: 5_000 });

    const stopped = recorder.stop();
    releaseSecond();
    await stopped;
    expect(recordings.pause.mock.calls).toEqual([['r1', 2]]);
  });

  it('pauses its one part when the session ends before a next one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-recorder-'));
    const recordings = {
      begin: vi.fn(async () => ({ id: 'r2', part: 1, dir, prefix: 'p1', startedAt: new Date() })),
      pause: vi.fn(async () => {}),
    };
    const recorder = recorderWith(recordings, 'sleep');
    await recorder.start();
    await recorder.stop(true);
    expect(recordings.pause.mock.calls).toEqual([['r2', 1]]);
  });

  it('starts no next part while the ingest has not the stream, and one once it has it again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-recorder-'));
    let part = 0;
    const recordings = {
      begin: vi.fn(async () => ({ id: 'r3', part: ++part, dir, prefix: `p${part}`, startedAt: new Date() })),
      pause: vi.fn(async () => {}),
    };
    let on = false;
    const recorder = recorderWith(recordings, 'true', () => on);
    await recorder.start();
    // The part's ffmpeg ended at once (the stream's end); two restart periods pass without a next part.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(recordings.begin).toHaveBeenCalledTimes(1);
    on = true;
    await vi.waitFor(() => expect(recordings.begin).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    on = false;
    await recorder.stop();
    expect(recordings.pause.mock.calls.at(-1)).toEqual(['r3', 2]);
  });

  it('pauses at once when the session ends after its part ended with the stream', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-recorder-'));
    const recordings = {
      begin: vi.fn(async () => ({ id: 'r4', part: 1, dir, prefix: 'p1', startedAt: new Date() })),
      pause: vi.fn(async () => {}),
    };
    const recorder = recorderWith(recordings, 'true', () => false);
    await recorder.start();
    await new Promise((r) => setTimeout(r, 1_500));
    await recorder.stop();
    expect(recordings.begin).toHaveBeenCalledTimes(1);
    expect(recordings.pause.mock.calls).toEqual([['r4', 1]]);
  });

  it('reads its first part from the start of the publish and every later part from now', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-recorder-'));
    // A stand-in ffmpeg that notes the address it was told to read (after -i) and ends at once.
    const ffmpeg = join(dir, 'ffmpeg');
    writeFileSync(ffmpeg, `#!/bin/sh\nwhile [ "$1" != "-i" ]; do shift; done\necho "$2" >> ${dir}/inputs\n`);
    chmodSync(ffmpeg, 0o755);
    let part = 0;
    const recordings = {
      begin: vi.fn(async () => ({ id: 'r5', part: ++part, dir, prefix: `p${part}`, startedAt: new Date() })),
      pause: vi.fn(async () => {}),
    };
    const recorder = recorderWith(recordings, ffmpeg);
    await recorder.start();
    const inputs = () => readFileSync(join(dir, 'inputs'), 'utf8').trim().split('\n');
    await vi.waitFor(() => expect(inputs().length).toBeGreaterThanOrEqual(3), { timeout: 8_000 });
    await recorder.stop(true);
    expect(inputs().slice(0, 3)).toEqual([
      'rtmp://127.0.0.1:1/start',
      'rtmp://127.0.0.1:1/now',
      'rtmp://127.0.0.1:1/now',
    ]);
  });
});
