import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const children = new Set<ChildProcess>();

/** A real ffmpeg process, killed at the end of the test file at the latest. */
export function ffmpeg(args: string[]): ChildProcess {
  const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d) => {
    err = (err + d).slice(-2000);
  });
  Object.defineProperty(child, 'errorText', { get: () => err });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** An encoder: a test picture with a tone (AAC, or MP3 as some encoders send), published to a URL. */
export function publishTestStream(
  url: string,
  seconds = 60,
  format = url.startsWith('srt') ? 'mpegts' : 'flv',
  audio: 'aac' | 'libmp3lame' = 'aac',
) {
  return ffmpeg([
    '-re',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-g',
    '50',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    audio,
    '-b:a',
    '96k',
    '-f',
    format,
    url,
  ]);
}

export async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...children].map(stop));
}

export async function ffprobe(file: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_streams',
    '-show_format',
    file,
  ]);
  return JSON.parse(stdout) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    format: { duration?: string };
  };
}

/** Polls until `check` returns a value (not undefined/false) or the time is up. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const v = await check();
      if (v !== undefined && v !== false) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/** A real media file made by ffmpeg: test picture and tone, `seconds` long, in the codecs asked for. */
export async function makeMediaFile(
  file: string,
  o: { seconds?: number; size?: string; vcodec?: string; acodec?: string; audioOnly?: boolean } = {},
) {
  const seconds = o.seconds ?? 3;
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...(o.audioOnly
      ? []
      : ['-f', 'lavfi', '-i', `testsrc2=size=${o.size ?? '320x240'}:rate=25:duration=${seconds}`]),
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`],
    ...(o.audioOnly ? [] : ['-c:v', o.vcodec ?? 'mpeg4', '-q:v', '5']),
    ...['-c:a', o.acodec ?? 'mp2'],
    file,
  ]);
  return file;
}

/** Running (not zombie) processes of this machine whose /proc file `file` (cmdline, environ) passes `test`. */
export function processesWhere(file: 'cmdline' | 'environ', test: (content: string) => boolean): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (test(readFileSync(`/proc/${entry}/${file}`, 'latin1'))) pids.push(Number(entry));
    } catch {
      // ended while we looked, or not ours to read
    }
  }
  return pids;
}

/** Running processes whose command line contains `text`. */
export const processesWith = (text: string) => processesWhere('cmdline', (c) => c.includes(text));
