import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { activeProcesses } from '../src/process-registry';
import { FfmpegExitError, type JobProgress, runToCompletion } from '../src/run-to-completion';

const FAKE = fileURLToPath(new URL('./fixtures/fake-ffmpeg.mjs', import.meta.url));
const plan = (p: object) => [FAKE, JSON.stringify(p)];
const command = process.execPath;

describe('runToCompletion (stand-in process)', () => {
  it('resolves on exit 0 and reports progress as a fraction of the expected duration', async () => {
    const seen: JobProgress[] = [];
    // 5 blocks of 40 ms media time each = 200 ms of 400 ms, then progress=end.
    const result = await runToCompletion(plan({ blocks: 5, intervalMs: 10 }), {
      command,
      durationMs: 400,
      onProgress: (p) => seen.push(p),
    });
    expect(seen.map((p) => p.fraction)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 1]);
    expect(seen.at(-1)?.done).toBe(true);
    expect(result.lastProgress?.done).toBe(true);
    expect(result.elapsedMs).toBeGreaterThan(0);
  });

  it('rejects with the reason in words, the exit code and the stderr tail', async () => {
    const err = await runToCompletion(
      plan({ blocks: 1, exitCode: 1, stderr: ['x.mp4: No such file or directory'] }),
      {
        command,
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FfmpegExitError);
    expect(err).toMatchObject({ message: 'No such file or directory', code: 1, signal: null });
    expect((err as FfmpegExitError).stderr).toEqual(['x.mp4: No such file or directory']);
  });

  it('cancels by killing at once, even a child that ignores SIGTERM', async () => {
    const controller = new AbortController();
    const job = runToCompletion(plan({ ignoreTerm: true }), {
      command,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    const err = await job.catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'AbortError' });
    expect(activeProcesses()).toEqual([]);
  });

  it('rejects an already aborted signal without starting anything', async () => {
    const err = await runToCompletion(['-version'], { command, signal: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ name: 'AbortError' });
  });

  it('rejects when the binary is missing', async () => {
    await expect(runToCompletion(['-version'], { command: '/nonexistent/ffmpeg' })).rejects.toThrow(
      '/nonexistent/ffmpeg not found',
    );
  });
});
