/**
 * Parser for ffmpeg's `-progress pipe:1` output: blocks of key=value lines, each closed by
 * `progress=continue` or `progress=end`. Stateful only in the partial line and block it buffers,
 * because stdout arrives in chunks that split lines anywhere.
 */

export interface FfmpegProgress {
  /** Media time written so far, from out_time_us (out_time_ms is misnamed microseconds in ffmpeg 5). */
  outTimeMs: number;
  bitrateKbps: number | null;
  totalBytes: number;
  /** Real-time factor: 1 means as fast as the clock; null while ffmpeg reports N/A. */
  speed: number | null;
  /** Video frames written; null for audio-only jobs. */
  frame: number | null;
  /** True on the last block, written when ffmpeg finishes its output normally. */
  done: boolean;
}

const num = (value: string | undefined): number | null => {
  if (value === undefined) return null;
  const n = Number.parseFloat(value.trim());
  return Number.isFinite(n) ? n : null;
};

/** Turns one block of key=value pairs into progress; tolerant of N/A and missing keys. */
export function toProgress(fields: ReadonlyMap<string, string>): FfmpegProgress {
  const outUs = num(fields.get('out_time_us'));
  const frame = num(fields.get('frame'));
  return {
    // ffmpeg prints a negative out_time before the first packet of some inputs; that is not progress.
    outTimeMs: outUs !== null && outUs > 0 ? Math.floor(outUs / 1000) : 0,
    // "bitrate= 972.5kbits/s" or "N/A"
    bitrateKbps: num(fields.get('bitrate')),
    totalBytes: Math.max(0, num(fields.get('total_size')) ?? 0),
    speed: num(fields.get('speed')),
    frame: fields.has('frame') ? frame : null,
    done: fields.get('progress') === 'end',
  };
}

/** Feeds stdout chunks in, calls back once per complete block. */
export class ProgressParser {
  #partial = '';
  #fields = new Map<string, string>();

  constructor(private readonly onBlock: (progress: FfmpegProgress) => void) {}

  push(chunk: string | Buffer): void {
    const lines = (this.#partial + chunk.toString()).split('\n');
    this.#partial = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      const eq = line.indexOf('=');
      if (eq <= 0) continue;
      const key = line.slice(0, eq);
      this.#fields.set(key, line.slice(eq + 1));
      if (key === 'progress') {
        const fields = this.#fields;
        this.#fields = new Map();
        this.onBlock(toProgress(fields));
      }
    }
  }
}

/** Whether media is really flowing, as opposed to ffmpeg having only opened its files. */
export const isRealProgress = (p: FfmpegProgress): boolean => p.outTimeMs > 0 || (p.frame ?? 0) > 0;
