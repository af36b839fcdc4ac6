// Helpers for tests with real ffmpeg: free ports, helper processes that never outlive a test,
// waiting for supervisor states, and a live RTMP feed to relay from.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { demoSource } from '../src/ffmpeg-args';
import { ProcessSupervisor, type SupervisorState } from '../src/supervisor';

const run = promisify(execFile);

/** A TCP port nobody listens on right now (port 0 probe). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** SRT runs over UDP, so probe UDP rather than TCP. */
export function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createSocket('udp4');
    s.once('error', reject);
    s.bind(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export interface Helper extends ChildProcess {
  /** Last stderr output, for failure messages. */
  log(): string;
}

const helpers = new Set<ChildProcess>();
const supervisors = new Set<ProcessSupervisor>();
const dirs = new Set<string>();

/** A helper process (receiver, server), killed in cleanup() at the latest. */
export function helper(command: string, args: string[]): Helper {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] }) as Helper;
  let text = '';
  child.stderr?.on('data', (d: Buffer) => {
    text = (text + d.toString()).slice(-4000);
  });
  child.log = () => text;
  helpers.add(child);
  child.once('exit', () => helpers.delete(child));
  return child;
}

export const ffmpegHelper = (args: string[]) =>
  helper('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'warning', ...args]);

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

/** Resolves with the exit code once the child has exited; SIGKILLs it after timeoutMs. */
export function exited(child: ChildProcess, timeoutMs = 10_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

export async function cleanup(): Promise<void> {
  await Promise.all([...supervisors].map((s) => s.stop()));
  supervisors.clear();
  await Promise.all(
    [...helpers].map((c) => {
      c.kill('SIGTERM');
      return exited(c, 2000);
    }),
  );
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

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether something listens on a local port, read from /proc so we never connect (an
 * `ffmpeg -listen 1` would take a probe connection for its one publisher). UDP (SRT) sockets show
 * as bound; TCP ones must be in LISTEN state (0A). */
export async function isListening(port: number, protocol: 'tcp' | 'udp' = 'tcp'): Promise<boolean> {
  const suffix = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const table of [`/proc/net/${protocol}`, `/proc/net/${protocol}6`]) {
    const text = await readFile(table, 'utf8').catch(() => '');
    // Columns: sl local_address rem_address st …
    for (const line of text.split('\n')) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(suffix) && (protocol === 'udp' || cols[3] === '0A')) return true;
    }
  }
  return false;
}

export const listening = (port: number, timeoutMs = 5000, protocol: 'tcp' | 'udp' = 'tcp') =>
  waitFor(() => isListening(port, protocol), timeoutMs, `a ${protocol} listener on port ${port}`);

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
