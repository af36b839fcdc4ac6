import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';

/** The 1-minute load average now, rounded to one decimal. */
export const loadNow = () => Math.round(loadavg()[0]! * 10) / 10;

/**
 * `cpus` CPU hogs of stress-ng for at most `maxSeconds` (its own time-out bounds it even if this process
 * dies): the busy machine a bench states its goal at. stop() ends exactly the process it started.
 */
export function cpuLoad(cpus: number, maxSeconds: number): { stop(): Promise<void>; child?: ChildProcess } {
  if (cpus <= 0) return { stop: async () => {} };
  const child = spawn('stress-ng', ['--cpu', String(cpus), '--timeout', `${maxSeconds}s`, '--quiet'], {
    stdio: 'ignore',
  });
  child.on('error', () => {}); // not installed: the bench runs unloaded and says so through the load figure
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The load a run saw, from its first to its last reading: written beside every figure. */
export class LoadWindow {
  readonly start = loadNow();
  max = this.start;
  private readonly timer = setInterval(() => {
    this.max = Math.max(this.max, loadNow());
  }, 2000).unref();
  end() {
    clearInterval(this.timer);
    this.max = Math.max(this.max, loadNow());
    return { start: this.start, max: this.max, end: loadNow() };
  }
}
