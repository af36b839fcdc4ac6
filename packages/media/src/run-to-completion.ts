/**
 * Runs one finite ffmpeg job (a render, a transcode, a thumbnail) to its end: no restarts, progress as
 * a fraction of the expected duration, cancel through an AbortSignal (killed at once: a cancelled
 * render's output is thrown away, so there is nothing for a graceful SIGTERM to finish; a job whose
 * output is kept asks for `abortGraceMs`).
 */
import { spawnTracked, terminateChild } from './process-registry';
import { type FfmpegProgress, ProgressParser } from './progress';
import { describeExit, StderrRing } from './stderr-summary';

export interface JobProgress extends FfmpegProgress {
  /** 0..1 of durationMs when given, else null. */
  fraction: number | null;
}

export interface RunOptions {
  /** Binary to run. Default 'ffmpeg'. */
  command?: string;
  label?: string;
  onProgress?: (progress: JobProgress) => void;
  signal?: AbortSignal;
  /** Expected duration of the output, for the fraction in onProgress. */
  durationMs?: number;
  /** Stderr lines kept for the error. Default 50. */
  stderrLines?: number;
  /**
   * On abort, SIGTERM first and SIGKILL only after this long: for a job whose output is kept (a
   * recording part, whose segment in progress ffmpeg then finishes). Default 0: killed at once.
   */
  abortGraceMs?: number;
}

export interface RunResult {
  /** Wall-clock time the job took. */
  elapsedMs: number;
  lastProgress: FfmpegProgress | null;
  /** Last stderr lines: warnings worth logging even on success. */
  stderr: string[];
}

/** The job ended with an error; message is the reason in words. */
export class FfmpegExitError extends Error {
  override readonly name = 'FfmpegExitError';
  constructor(
    message: string,
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly stderr: string[],
  ) {
    super(message);
  }
}

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The job was cancelled', 'AbortError');

export function runToCompletion(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal, durationMs, onProgress } = options;
  const command = options.command ?? 'ffmpeg';
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const started = Date.now();
  const stderr = new StderrRing(options.stderrLines ?? 50);
  let lastProgress: FfmpegProgress | null = null;
  let spawnError: NodeJS.ErrnoException | null = null;
  const child = spawnTracked(command, args, options.label ?? null);
  const parser = new ProgressParser((p) => {
    lastProgress = p;
    const fraction = durationMs && durationMs > 0 ? Math.min(1, p.outTimeMs / durationMs) : null;
    onProgress?.({ ...p, fraction: p.done && fraction !== null ? 1 : fraction });
  });
  child.stdout?.on('data', (chunk: Buffer) => parser.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.once('error', (err) => {
    spawnError = err;
  });
  const onAbort = () => void terminateChild(child, options.abortGraceMs ?? 0);
  signal?.addEventListener('abort', onAbort, { once: true });

  return new Promise((resolve, reject) => {
    child.once('close', (code: number | null, exitSignal: NodeJS.Signals | null) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(abortReason(signal));
      const lines = stderr.lines();
      if (code === 0 && !spawnError) {
        return resolve({ elapsedMs: Date.now() - started, lastProgress, stderr: lines });
      }
      const reason = describeExit({
        command,
        code,
        signal: exitSignal,
        spawnError,
        stalledMs: null,
        stderr: lines,
      });
      reject(new FfmpegExitError(reason, spawnError ? null : code, exitSignal, lines));
    });
  });
}
