// How long work waits inside the server's process during a bench step (bench/live-capacity.ts), to tell
// a late event loop from slow file calls or a queue at the database:
// - a file system call (libuv's thread pool, shared by every packager's writes and playlist reads),
// - a trivial query (PGlite runs on the loop itself and does not wait for its poll phase),
// - the event loop's own delay (a busy or starved loop delays every answer and file callback alike).
import { stat } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProcessWaits {
  /** Starts a new step: the figures count from now. */
  reset(): void;
  /** The step so far, in ms. */
  read(): { maxFsWaitMs: number; maxDbWaitMs: number; loopDelayMs: { p99: number; max: number } };
  stop(): void;
}

export function processWaits(database: { ping(): Promise<unknown> }, everyMs = 250): ProcessWaits {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let fs = 0;
  let db = 0;
  const probe = setInterval(() => {
    const start = performance.now();
    void stat(import.meta.filename).then(() => {
      fs = Math.max(fs, performance.now() - start);
    });
    void database.ping().then(() => {
      db = Math.max(db, performance.now() - start);
    });
  }, everyMs);
  return {
    reset() {
      fs = 0;
      db = 0;
      loop.reset();
    },
    read: () => ({
      maxFsWaitMs: Math.round(fs),
      maxDbWaitMs: Math.round(db),
      loopDelayMs: { p99: Math.round(loop.percentile(99) / 1e6), max: Math.round(loop.max / 1e6) },
    }),
    stop() {
      clearInterval(probe);
      loop.disable();
    },
  };
}
