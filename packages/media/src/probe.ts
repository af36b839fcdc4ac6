// ffprobe wrapper: what a file or live URL carries (codecs, size, frame rate, bitrates, duration).
import { execFile } from 'node:child_process';
import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import { DEFAULT_RW_TIMEOUT_MS, toMicroseconds } from './ffmpeg-args';
import { redactSecrets, summarizeStderr } from './stderr-summary';

/** The contract's StreamInfo plus the duration, which only files have. */
export interface ProbedStream extends StreamInfo {
  durationMs: number | null;
}

export type ProbeErrorKind = 'not-found' | 'timeout' | 'unreadable' | 'no-streams' | 'bad-output';

/** Probing failed; message is in words for the UI, kind is for code. */
export class ProbeError extends Error {
  override readonly name = 'ProbeError';
  constructor(
    readonly kind: ProbeErrorKind,
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const numOrNull = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const kbps = (v: unknown): number | null => {
  const n = numOrNull(v);
  return n !== null && n > 0 ? Math.round(n / 1000) : null;
};

/** "30000/1001" -> 29.97; "0/0" (unknown) -> null. */
export function parseRate(rate: unknown): number | null {
  const m = str(rate)?.match(/^(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?$/);
  if (!m) return null;
  const value = Number(m[1]) / (m[2] === undefined ? 1 : Number(m[2]));
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : null;
}

/** Maps ffprobe's JSON to StreamInfo; every field may be missing on live inputs and odd files. */
export function parseProbeOutput(json: unknown): ProbedStream {
  const root = (json && typeof json === 'object' ? json : {}) as Json;
  const streams = (Array.isArray(root.streams) ? root.streams : []) as Json[];
  const format = (root.format && typeof root.format === 'object' ? root.format : {}) as Json;
  // Cover art is a "video" stream of one picture; it is not the video.
  const v = streams.find(
    (s) => s.codec_type === 'video' && (s.disposition as Json | undefined)?.attached_pic !== 1,
  );
  const a = streams.find((s) => s.codec_type === 'audio');
  const duration = numOrNull(format.duration);
  return {
    formatName: str(format.format_name),
    video: v
      ? {
          codec: str(v.codec_name) ?? 'unknown',
          width: numOrNull(v.width) ?? 0,
          height: numOrNull(v.height) ?? 0,
          fps: parseRate(v.avg_frame_rate) ?? parseRate(v.r_frame_rate),
          bitrateKbps: kbps(v.bit_rate),
          profile: str(v.profile),
        }
      : null,
    audio: a
      ? {
          codec: str(a.codec_name) ?? 'unknown',
          sampleRate: numOrNull(a.sample_rate),
          channels: numOrNull(a.channels),
          bitrateKbps: kbps(a.bit_rate),
        }
      : null,
    durationMs: duration !== null && duration > 0 ? Math.round(duration * 1000) : null,
  };
}

const isNetwork = (input: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(input) && !/^file:/i.test(input);

/** Runs ffprobe; live URLs get -rw_timeout so a silent server fails fast instead of hanging. */
export function probeStream(
  input: string,
  ffprobePath = 'ffprobe',
  timeoutMs = 10_000,
): Promise<ProbedStream> {
  const args = [
    ...['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format'],
    ...(isNetwork(input) ? ['-rw_timeout', toMicroseconds(Math.min(timeoutMs, DEFAULT_RW_TIMEOUT_MS))] : []),
    input,
  ];
  const shown = redactSecrets(input);
  return new Promise((resolve, reject) => {
    execFile(
      ffprobePath,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 8 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) {
          const e = err as NodeJS.ErrnoException & { killed?: boolean };
          if (e.code === 'ENOENT')
            return reject(new ProbeError('not-found', `ffprobe not found (${ffprobePath})`));
          if (e.killed) {
            return reject(
              new ProbeError('timeout', `No answer from ${shown} within ${Math.round(timeoutMs / 1000)} s`),
            );
          }
          const reason = summarizeStderr(stderr.split('\n')) ?? `ffprobe exited with code ${e.code}`;
          return reject(new ProbeError('unreadable', `Cannot read ${shown}: ${reason}`));
        }
        let info: ProbedStream;
        try {
          info = parseProbeOutput(JSON.parse(stdout));
        } catch {
          return reject(new ProbeError('bad-output', `ffprobe gave unreadable output for ${shown}`));
        }
        if (!info.video && !info.audio) {
          return reject(new ProbeError('no-streams', `${shown} has no audio or video`));
        }
        resolve(info);
      },
    );
  });
}
