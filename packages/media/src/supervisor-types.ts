/** Types of ProcessSupervisor, apart so the class file stays small; re-exported from ./supervisor. */

import type { Readable, Writable } from 'node:stream';
import type { FfmpegProgress } from './progress';
import type { FfmpegCommand } from './secret-pipes';

export type SupervisorState = 'idle' | 'starting' | 'running' | 'retrying' | 'failed' | 'stopped';

export interface SupervisorOptions {
  /** Binary to run; injectable so tests can use a stand-in. Default 'ffmpeg'. */
  command?: string;
  /** Shown in activeProcesses(). */
  label?: string;
  /** SIGTERM -> SIGKILL delay on stop. Default 3000. */
  graceMs?: number;
  /** First retry delay, doubled per consecutive failure. Default 1000. */
  backoffInitialMs?: number;
  /** Default 30000. */
  backoffMaxMs?: number;
  /** A run that stayed 'running' this long resets the backoff. Default 10000. */
  stableAfterMs?: number;
  /** Give up ('failed') after this many restarts. Default unlimited. */
  maxRestarts?: number;
  /** Kill and restart a 'running' process that reports no progress for this long; 0 disables.
   * A safety net behind -rw_timeout, which some protocols honour only per read attempt. Default 20000. */
  stallTimeoutMs?: number;
  /** Kill and retry a process that has not reported progress this long after it started; 0 (default)
   * waits forever. For relays whose receiver may accept a connection and never answer. */
  startTimeoutMs?: number;
  /** Restart after exit code 0 too (live jobs should never end). Default true. */
  restartOnCleanExit?: boolean;
  /** Stderr lines kept for lastError and diagnostics. Default 50. */
  stderrLines?: number;
  /**
   * Runs before every spawn (the first and each retry) and returns the arguments to use, e.g. with a
   * host name resolved and checked right before connecting. A rejection counts as a failed attempt:
   * its message becomes lastError and the supervisor retries with backoff.
   */
  prepare?: (args: readonly string[]) => Promise<readonly string[] | FfmpegCommand>;
  /** Give each process a stdin pipe (see the 'spawned' event) instead of none. Default false. */
  stdin?: boolean;
  /**
   * Give each process a pipe on fd 3 (`pipe:3` in ffmpeg's arguments) for its media output; a number: that
   * many, on fd 3, 4, … (a quality ladder in low latency). Default false.
   */
  output?: boolean | number;
}

export interface SupervisorExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  lastError: string | null;
  /** How long this run was 'running'; 0 if it never got there. */
  ranMs: number;
}

export interface SupervisorEvents {
  state: [state: SupervisorState, previous: SupervisorState];
  progress: [progress: FfmpegProgress];
  lastError: [message: string];
  exit: [exit: SupervisorExit];
  /** Raw stderr of the running process, as it comes (for a watcher of one message). */
  stderr: [chunk: Buffer];
  /** A process started (the first or a retry); its stdin and fd 3 (and 4, … with several) when those options are on. */
  spawned: [stdin: Writable | null, output: Readable | null, outputs: Readable[]];
}

export interface SupervisorSnapshot {
  state: SupervisorState;
  pid: number | null;
  restarts: number;
  uptimeMs: number;
  lastError: string | null;
  lastProgress: FfmpegProgress | null;
  nextRetryAt: Date | null;
  stderr: string[];
}
