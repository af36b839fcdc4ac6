import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

// Ports, waits, tracked processes and the test encoder live in scripts/lib/test-support.mjs (one copy for
// tests, flows, benches and scripts); re-exported here, where the server's tests already import them.
export {
  ffmpeg,
  freePort,
  publishTestStream,
  stop,
  stopAll,
  waitFor,
} from '../../../../scripts/lib/test-support.mjs';

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

/** A real media file made by ffmpeg: test picture and tone, `seconds` long, in the codecs asked for. */
export async function makeMediaFile(
  file: string,
  o: {
    seconds?: number;
    size?: string;
    vcodec?: string;
    acodec?: string;
    audioOnly?: boolean;
    /**
     * A keyframe every this many frames (25 per second), and nowhere else; no B-frames (with them a
     * stream copy's end overshoots Out by the reorder delay, which the lossless range does not predict).
     */
    gop?: number;
  } = {},
) {
  const seconds = o.seconds ?? 3;
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...(o.audioOnly
      ? []
      : ['-f', 'lavfi', '-i', `testsrc2=size=${o.size ?? '320x240'}:rate=25:duration=${seconds}`]),
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`],
    ...(o.audioOnly ? [] : ['-c:v', o.vcodec ?? 'mpeg4', '-q:v', '5']),
    ...(o.gop ? ['-g', String(o.gop), '-keyint_min', String(o.gop), '-sc_threshold', '0', '-bf', '0'] : []),
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

/**
 * The command lines (arguments joined by spaces) of every running process descended from this one,
 * but those a test started itself (its encoders and receivers stand for other machines).
 */
export function descendantCommandLines(except: readonly (number | undefined)[]): string[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z') parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // ended while we looked
    }
  }
  const isDescendant = (pid: number): boolean => {
    for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p)) {
      if (p === process.pid) return true;
    }
    return false;
  };
  const skip = new Set(except);
  const lines: string[] = [];
  for (const pid of parentOf.keys()) {
    if (skip.has(pid) || !isDescendant(pid)) continue;
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      // ended while we looked
    }
  }
  return lines;
}

/** Running processes whose command line contains `text`. */
export const processesWith = (text: string) => processesWhere('cmdline', (c) => c.includes(text));
