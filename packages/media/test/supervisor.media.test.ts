// ProcessSupervisor with real ffmpeg: a demo source pushing RTMP to an ffmpeg receiver.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { demoSource } from '../src/ffmpeg-args';
import { activeProcesses } from '../src/process-registry';
import type { FfmpegProgress } from '../src/progress';
import type { SupervisorState } from '../src/supervisor';
import {
  cleanup,
  ffmpegHelper,
  freePort,
  isAlive,
  isRunning,
  listening,
  supervisor,
  waitFor,
  waitForState,
} from './media-helpers';

afterEach(cleanup);

/** `ffmpeg -listen 1` accepts exactly one publisher and discards what it gets. */
async function receiver(port: number) {
  const child = ffmpegHelper([
    '-listen',
    '1',
    '-i',
    `rtmp://127.0.0.1:${port}/live/x`,
    '-c',
    'copy',
    '-f',
    'null',
    '-',
  ]);
  await listening(port);
  return child;
}

const KEY = 'secret-stream-key-123';
const demo = (port: number) =>
  demoSource({
    output: `rtmp://127.0.0.1:${port}/live/${KEY}`,
    width: 320,
    height: 180,
    fps: 25,
    videoKbps: 300,
    label: 'test',
  });

describe('ProcessSupervisor with ffmpeg', () => {
  it('reaches running with real progress, and stop() leaves no child behind', async () => {
    const port = await freePort();
    await receiver(port);
    const s = supervisor({ label: 'demo', backoffInitialMs: 200 });
    const progress: FfmpegProgress[] = [];
    s.on('progress', (p) => progress.push(p));
    s.start(demo(port));
    await waitForState(s, 'running');
    // Until a report says 1.5 s went out: under load ffmpeg's output time lags the clock (CI saw 982 ms
    // of output 1.5 s after running), so the fixed wait this was raced it.
    await waitFor('1.5 s of output', () => (progress.at(-1)?.outTimeMs ?? 0) > 1500);
    const last = progress.at(-1)!;
    expect(last.outTimeMs).toBeGreaterThan(1000);
    expect(last.frame).toBeGreaterThan(25);
    expect(last.totalBytes).toBeGreaterThan(10_000);
    expect(last.bitrateKbps).toBeGreaterThan(0);
    expect(last.speed).toBeGreaterThan(0.5);
    const pid = s.pid!;
    expect(activeProcesses()).toContainEqual(expect.objectContaining({ pid, label: 'demo' }));
    // The stream key is on no command line (it reached ffmpeg in a preset file, removed once read).
    expect(
      activeProcesses()
        .find((p) => p.pid === pid)
        ?.args.at(-1),
    ).toBe(`rtmp://127.0.0.1:${port}/live`);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    expect(cmdline).toContain('-fpre');
    expect(cmdline).not.toContain(KEY);
    const preset = cmdline.split('\0')[cmdline.split('\0').indexOf('-fpre') + 1]!;
    expect(existsSync(preset)).toBe(false);
    await s.stop();
    expect(s.state).toBe('stopped');
    expect(isAlive(pid)).toBe(false);
    expect(activeProcesses().some((p) => p.pid === pid)).toBe(false);
  });

  it('goes retrying with a reason in words when the receiver dies, backs off 1 s then 2 s, and recovers', async () => {
    const port = await freePort();
    const first = await receiver(port);
    const s = supervisor({ label: 'demo' }); // default backoff: 1 s, 2 s, 4 s …
    const states: SupervisorState[] = [];
    const delays: number[] = [];
    s.on('state', (state) => {
      states.push(state);
      if (state === 'retrying') delays.push(s.snapshot().nextRetryAt!.getTime() - Date.now());
    });
    s.start(demo(port));
    await waitForState(s, 'running');
    const firstPid = s.pid!;
    first.kill('SIGKILL');
    await waitForState(s, 'retrying');
    expect(s.lastError).toMatch(
      /^(Broken pipe \(the receiver closed the connection\)|Connection reset by peer)$/,
    );
    expect(isAlive(firstPid)).toBe(false);
    // While nobody listens the restart is refused, and the next delay doubles.
    await waitForState(s, 'starting');
    await waitForState(s, 'retrying');
    expect(s.lastError).toBe('Connection refused');
    await receiver(port);
    await waitForState(s, 'running', 10_000);
    expect(s.restarts).toBe(2);
    expect(delays.map((d) => Math.round(d / 1000))).toEqual([1, 2]);
    expect(states).toEqual([
      'starting',
      'running',
      'retrying',
      'starting',
      'retrying',
      'starting',
      'running',
    ]);
  });

  it('SIGKILLs a child that ignores SIGTERM after the grace period, with everything it started', async () => {
    const s = supervisor({ command: 'bash', graceMs: 1000 });
    s.start(['-c', 'trap "" TERM; sleep 60; echo']);
    // bash and its child, once both run (pgrep fails until then): waited for rather than a fixed
    // 300 ms, which a busy machine can outlast.
    const { pid, sleeper } = await waitFor('bash to start sleep', () => {
      const pid = s.pid!;
      return {
        pid,
        sleeper: Number(
          execFileSync('pgrep', ['-P', String(pid)])
            .toString()
            .trim(),
        ),
      };
    });
    expect(await isRunning(sleeper)).toBe(true);
    expect(s.state).toBe('starting'); // no progress from bash, so never 'running'
    const t0 = Date.now();
    await s.stop();
    const took = Date.now() - t0;
    // It waited out the grace period (a lower bound, which a busy machine cannot break) and then killed:
    // without the SIGKILL, bash would have run its 60 s. The upper bound tells those two apart only; it
    // is not a speed (an idle machine takes about 1.0 s).
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(30_000);
    expect(isAlive(pid)).toBe(false);
    expect(await isRunning(sleeper)).toBe(false);
    expect(s.state).toBe('stopped');
  });
});
