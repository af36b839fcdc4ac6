// ffprobe wrapper: what a file or live URL carries (codecs, size, frame rate, bitrates, duration).
// Stored media go through probeMedia (safe-input.ts); probeStream is for our own live URLs.
import { execFile } from 'node:child_process';
import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import { DEFAULT_RW_TIMEOUT_MS, toMicroseconds } from './ffmpeg-args';
import { allowedDemuxer, type StoredInput, safeInput } from './safe-input';
import { redactSecrets, summarizeStderr } from './stderr-summary';

/** The contract's StreamInfo plus the duration, which only files have. */
export interface ProbedStream extends StreamInfo {
  durationMs: number | null;
}

/** 'refused': a format we do not read (a playlist or reference format), decided by the probe. */
export type ProbeErrorKind = 'not-found' | 'timeout' | 'unreadable' | 'no-streams' | 'bad-output' | 'refused';

/** Probing failed; message is in words for the UI, kind is for code. */
export class ProbeError extends Error {
  override readonly name = 'ProbeError';
  constructor(
    readonly kind: ProbeErrorKind,
    message: string,
    /** For 'refused': the format in words ("hls", "mov with external tracks"). */
    readonly format?: string,
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
          // Stated only where ffprobe says (has_b_frames: the reorder depth, 0 without B-frames).
          ...(typeof v.has_b_frames === 'number' ? { bFrames: v.has_b_frames > 0 } : {}),
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
const PROBE_ARGS = ['-print_format', 'json', '-show_streams', '-show_format'];

/** Runs ffprobe on a live URL; -rw_timeout so a silent server fails fast instead of hanging. */
export function probeStream(
  input: string,
  ffprobePath = 'ffprobe',
  timeoutMs = 10_000,
): Promise<ProbedStream> {
  const args = [
    ...['-v', 'error', ...PROBE_ARGS],
    ...(isNetwork(input) ? ['-rw_timeout', toMicroseconds(Math.min(timeoutMs, DEFAULT_RW_TIMEOUT_MS))] : []),
    input,
  ];
  return runProbe(args, redactSecrets(input), ffprobePath, timeoutMs).then(({ info }) => info);
}

/** mov's warning for a track whose samples are in another file (an external `dref` alias). */
const EXTERNAL_TRACK = /Skipped opening external track|error opening alias/i;

/**
 * Probes a stored media through safeInput(): only that object, only the allowed demuxers. This is how an
 * upload is judged (by content, not by its name): a playlist or reference format (hls, concat, sdp,
 * dash, image2...) or an MP4 whose tracks live in other files is refused ('refused'), naming the format.
 * The resolved formatName is what later reads force with -f.
 */
export async function probeMedia(
  input: StoredInput,
  ffprobePath = 'ffprobe',
  timeoutMs = 30_000,
): Promise<ProbedStream> {
  const shown = redactSecrets(input.url);
  // -v warning: the external-track warning is a warning, not an error.
  const network = isNetwork(input.url) ? ['-rw_timeout', toMicroseconds(DEFAULT_RW_TIMEOUT_MS)] : [];
  const args = ['-v', 'warning', ...PROBE_ARGS, ...network, ...safeInput(input)];
  const { info, stderr } = await runProbe(args, shown, ffprobePath, timeoutMs);
  if (EXTERNAL_TRACK.test(stderr))
    throw new ProbeError(
      'refused',
      `${shown} has tracks stored in other files (external references)`,
      `${info.formatName} with external tracks`,
    );
  if (!allowedDemuxer(info.formatName))
    throw new ProbeError(
      'refused',
      `${shown} is in format ${info.formatName ?? 'unknown'}, not accepted`,
      info.formatName ?? 'unknown',
    );
  return info;
}

/** ffmpeg names the refused demuxer in its log context: "[hls @ 0x55…] Format not on whitelist". */
const REFUSED_FORMAT = /\[([\w,]+) @ [^\]]*\] Format not on whitelist/;

function runProbe(
  args: string[],
  shown: string,
  ffprobePath: string,
  timeoutMs: number,
): Promise<{ info: ProbedStream; stderr: string }> {
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
          const refused = stderr.match(REFUSED_FORMAT)?.[1];
          if (refused) {
            const what = `${shown} is in format ${refused}, which refers to other files or is not accepted`;
            return reject(new ProbeError('refused', what, refused));
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
        resolve({ info, stderr });
      },
    );
  });
}
