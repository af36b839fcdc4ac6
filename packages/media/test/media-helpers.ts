// Helpers for tests with real ffmpeg: supervisors and folders that never outlive a test, waiting for
// supervisor states, and a live RTMP feed to relay from. Ports, waits and helper processes come from
// scripts/lib/test-support.mjs (shared with the server's tests, the flows and the benches), re-exported
// here where this package's tests already import them.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  ffmpeg,
  freePort,
  listening,
  spawnTracked,
  stopAll,
  type TrackedProcess,
} from '../../../scripts/lib/test-support.mjs';
import { demoSource } from '../src/ffmpeg-args';
import { ProcessSupervisor, type SupervisorState } from '../src/supervisor';

export {
  exited,
  freePort,
  freeUdpPort,
  isListening,
  listening,
  waitFor,
} from '../../../scripts/lib/test-support.mjs';

const run = promisify(execFile);

/** A helper process with its last stderr output (`log()`), for failure messages. */
export type Helper = TrackedProcess;

const supervisors = new Set<ProcessSupervisor>();
const dirs = new Set<string>();

/** A helper process (receiver, server), killed in cleanup() at the latest. */
export const helper = (command: string, args: string[]): Helper => spawnTracked(command, args);

export const ffmpegHelper = (args: string[]) => ffmpeg(args, { loglevel: 'warning' });

/** A supervisor that cleanup() stops. */
export function supervisor(...options: ConstructorParameters<typeof ProcessSupervisor>): ProcessSupervisor {
  const s = new ProcessSupervisor(...options);
  supervisors.add(s);
  return s;
}

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'stromwerk-media-'));
  dirs.add(dir);
  return dir;
}

export async function cleanup(): Promise<void> {
  await Promise.all([...supervisors].map((s) => s.stop()));
  supervisors.clear();
  await stopAll(2000);
  await Promise.all([...dirs].map((d) => rm(d, { recursive: true, force: true })));
  dirs.clear();
}

/** process.kill(pid, 0) succeeds until the pid is gone; for our own children Node reaps at once. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** For a grandchild: once killed it is a zombie until init reaps it, which kill(pid, 0) cannot tell. */
export async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat !== null && !/^\d+ \(.*\) Z/.test(stat);
}

/** Waits for a supervisor state; the error carries its stderr so failures explain themselves. */
export function waitForState(
  s: ProcessSupervisor,
  state: SupervisorState,
  timeoutMs = 15_000,
): Promise<void> {
  if (s.state === state) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off('state', on);
      const snap = s.snapshot();
      reject(
        new Error(`wanted ${state}, still ${snap.state} (${snap.lastError}): ${snap.stderr.join(' | ')}`),
      );
    }, timeoutMs);
    const on = (next: SupervisorState) => {
      if (next !== state) return;
      clearTimeout(timer);
      s.off('state', on);
      resolve();
    };
    s.on('state', on);
  });
}

export interface ProbeJson {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { format_name: string; duration?: string };
}

export async function ffprobe(file: string): Promise<ProbeJson> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file];
  return JSON.parse((await run('ffprobe', args, { timeout: 15_000 })).stdout) as ProbeJson;
}

export const FEED = { width: 640, height: 360, fps: 25 };

/**
 * A live RTMP feed to pull from, like our own ingest server would offer: an ffmpeg that accepts a
 * publisher on one port and serves it to one player on another, fed by a supervised demo source.
 */
export async function startLiveFeed(): Promise<{ url: string; demo: ProcessSupervisor }> {
  const [inPort, outPort] = [await freePort(), await freePort()];
  ffmpegHelper([
    ...['-listen', '1', '-i', `rtmp://127.0.0.1:${inPort}/live/feed`, '-c', 'copy'],
    ...['-f', 'flv', '-listen', '1', `rtmp://127.0.0.1:${outPort}/live/feed`],
  ]);
  await listening(inPort);
  const demo = supervisor({ label: 'test feed', backoffInitialMs: 200, backoffMaxMs: 500 });
  demo.start(
    demoSource({ output: `rtmp://127.0.0.1:${inPort}/live/feed`, ...FEED, videoKbps: 800, label: 'feed' }),
  );
  await waitForState(demo, 'running');
  // The player side opens once the relay has probed the published stream.
  await listening(outPort, 15_000);
  return { url: `rtmp://127.0.0.1:${outPort}/live/feed`, demo };
}
