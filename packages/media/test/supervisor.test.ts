// Supervision logic against a stand-in process (fixtures/fake-ffmpeg.mjs): fast and without media.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { activeProcesses, killAll } from '../src/process-registry';
import { ProcessSupervisor, type SupervisorOptions, type SupervisorState } from '../src/supervisor';

const FAKE = fileURLToPath(new URL('./fixtures/fake-ffmpeg.mjs', import.meta.url));
const plan = (p: object) => [FAKE, JSON.stringify(p)];
const supervisors: ProcessSupervisor[] = [];

function supervise(options: SupervisorOptions = {}) {
  const s = new ProcessSupervisor({
    command: process.execPath,
    backoffInitialMs: 40,
    graceMs: 500,
    ...options,
  });
  const states: SupervisorState[] = [];
  s.on('state', (state) => states.push(state));
  supervisors.push(s);
  return { s, states };
}

function until(s: ProcessSupervisor, state: SupervisorState, timeoutMs = 5000): Promise<void> {
  if (s.state === state) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still ${s.state}, wanted ${state}`)), timeoutMs);
    const on = (next: SupervisorState) => {
      if (next !== state) return;
      clearTimeout(timer);
      s.off('state', on);
      resolve();
    };
    s.on('state', on);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((s) => s.stop()));
});

describe('ProcessSupervisor (stand-in process)', () => {
  it('is starting until progress arrives, then running with progress, and stop leaves nothing', async () => {
    const { s, states } = supervise();
    const progress: number[] = [];
    s.on('progress', (p) => progress.push(p.frame ?? -1));
    s.start(plan({}));
    expect(s.state).toBe('starting');
    await until(s, 'running');
    const pid = s.pid!;
    expect(activeProcesses().map((p) => p.pid)).toContain(pid);
    await new Promise((r) => setTimeout(r, 150));
    expect(s.snapshot().lastProgress).toMatchObject({ bitrateKbps: expect.any(Number), speed: 1 });
    expect(s.uptimeMs).toBeGreaterThan(0);
    await s.stop();
    expect(states).toEqual(['starting', 'running', 'stopped']);
    expect(progress.slice(0, 3)).toEqual([1, 2, 3]);
    expect(alive(pid)).toBe(false);
    expect(activeProcesses().map((p) => p.pid)).not.toContain(pid);
    expect(s.pid).toBeNull();
  });

  it('retries with doubling delays, reports the reason in words, and fails after maxRestarts', async () => {
    const { s, states } = supervise({ maxRestarts: 3 });
    const delays: number[] = [];
    s.on('state', (state) => {
      if (state === 'retrying') delays.push(s.snapshot().nextRetryAt!.getTime() - Date.now());
    });
    const errors: string[] = [];
    s.on('lastError', (e) => errors.push(e));
    s.start(plan({ blocks: 0, exitCode: 1, stderr: ['rtmp://h/live/secretkey: Connection refused'] }));
    await until(s, 'failed');
    expect(s.restarts).toBe(3);
    expect(states.filter((x) => x === 'retrying')).toHaveLength(3);
    expect(states.at(-1)).toBe('failed');
    expect(delays.map((d) => Math.round(d / 40))).toEqual([1, 2, 4]);
    expect(errors).toEqual(Array(4).fill('Connection refused'));
    expect(s.lastError).toBe('Connection refused');
    expect(s.pid).toBeNull();
  });

  it('caps the backoff and resets it after a stable run', async () => {
    const { s } = supervise({ backoffMaxMs: 80, stableAfterMs: 150, maxRestarts: 4 });
    const delays: number[] = [];
    s.on('state', (state) => {
      if (state === 'retrying') delays.push(s.snapshot().nextRetryAt!.getTime() - Date.now());
    });
    // Runs ~250 ms (stable) before each exit: every retry starts again at the initial delay.
    s.start(plan({ blocks: 5, intervalMs: 50, exitCode: 1 }));
    await until(s, 'retrying');
    s.removeAllListeners('state');
    expect(Math.round(delays[0]! / 40)).toBe(1);
    await s.stop();

    const { s: quick } = supervise({ backoffMaxMs: 80, maxRestarts: 3 });
    const quickDelays: number[] = [];
    quick.on('state', (state) => {
      if (state === 'retrying') quickDelays.push(quick.snapshot().nextRetryAt!.getTime() - Date.now());
    });
    quick.start(plan({ blocks: 0, exitCode: 1 }));
    await until(quick, 'failed');
    expect(quickDelays.map((d) => Math.round(d / 40))).toEqual([1, 2, 2]);
  });

  it('keeps restarting a long-lived job that ends cleanly, unless told the end is fine', async () => {
    const { s } = supervise({ maxRestarts: 1 });
    s.start(plan({ blocks: 2, exitCode: 0 }));
    await until(s, 'retrying');
    expect(s.lastError).toBe('ffmpeg ended: the input finished'.replace('ffmpeg', process.execPath));
    await s.stop();

    const { s: finite, states } = supervise({ restartOnCleanExit: false });
    finite.start(plan({ blocks: 2, exitCode: 0 }));
    await until(finite, 'stopped');
    expect(states).toEqual(['starting', 'running', 'stopped']);
    expect(finite.lastError).toBeNull();
  });

  it('kills and restarts a running process that stops reporting progress', async () => {
    const { s } = supervise({ stallTimeoutMs: 200, maxRestarts: 0 });
    s.start(plan({ blocks: 3, hang: true }));
    await until(s, 'running');
    await until(s, 'failed');
    expect(s.lastError).toBe('No progress for 200 ms (stalled)');
  });

  it('fails at once when the binary does not exist', async () => {
    const { s, states } = supervise({ command: '/nonexistent/ffmpeg' });
    s.start(['-version']);
    await until(s, 'failed');
    expect(states).toEqual(['starting', 'failed']);
    expect(s.lastError).toBe('/nonexistent/ffmpeg not found');
  });

  it('refuses a second start while active, and can be started again after stop', async () => {
    const { s } = supervise();
    s.start(plan({}));
    expect(() => s.start(plan({}))).toThrow(/already starting/);
    await until(s, 'running');
    await s.restart();
    expect(s.state).toBe('starting');
    await until(s, 'running');
    await s.stop();
    await s.stop();
    expect(s.state).toBe('stopped');
  });

  it('SIGKILLs a child that ignores SIGTERM once the grace period is over', async () => {
    const { s } = supervise({ graceMs: 300 });
    s.start(plan({ ignoreTerm: true }));
    await until(s, 'running');
    const pid = s.pid!;
    const t0 = Date.now();
    await s.stop();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
    expect(alive(pid)).toBe(false);
  });

  it('killAll stops running and retrying supervisors alike, so none comes back', async () => {
    const { s: running } = supervise();
    const { s: retrying } = supervise({ backoffInitialMs: 10_000 });
    running.start(plan({}));
    retrying.start(plan({ blocks: 0, exitCode: 1 }));
    await Promise.all([until(running, 'running'), until(retrying, 'retrying')]);
    await killAll(500);
    expect(running.state).toBe('stopped');
    expect(retrying.state).toBe('stopped');
    expect(activeProcesses()).toEqual([]);
  });

  it('prepare() decides the arguments before every attempt; a rejection is a failed attempt', async () => {
    let calls = 0;
    const { s } = supervise({
      maxRestarts: 3,
      prepare: async () => {
        calls++;
        if (calls < 3) throw new Error(`refused ${calls}`);
        return plan({});
      },
    });
    const errors: string[] = [];
    s.on('lastError', (e) => errors.push(e));
    s.start([]);
    await until(s, 'running');
    expect(calls).toBe(3);
    expect(errors).toEqual(['refused 1', 'refused 2']);
    expect(s.restarts).toBe(2);
  });

  it('stop() while prepare() is pending spawns nothing', async () => {
    let release: (args: string[]) => void = () => {};
    const { s } = supervise({ prepare: () => new Promise<string[]>((r) => (release = r)) });
    s.start([]);
    await s.stop();
    release(plan({}));
    await new Promise((r) => setTimeout(r, 100));
    expect(s.state).toBe('stopped');
    expect(s.pid).toBeNull();
  });

  it('startTimeoutMs ends a process that never reports progress and retries it', async () => {
    const { s } = supervise({ startTimeoutMs: 200, maxRestarts: 0 });
    s.start(plan({ blocks: 0, hang: true }));
    await until(s, 'failed');
    expect(s.lastError).toMatch(/No progress for 200 ms \(stalled\)/);
  });
});
