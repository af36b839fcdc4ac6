/**
 * Owns one long-running ffmpeg process (a source push, a target relay, an HLS packager) and keeps it
 * alive: start, watch `-progress pipe:1`, restart with exponential backoff, stop with SIGTERM then
 * SIGKILL. State machine:
 *
 *   idle -> starting -> running -> (exit) -> retrying -> starting ...
 *   any active state -> stopped (stop())    retrying -> failed (maxRestarts reached, or not startable)
 *
 * 'running' means media flows (ffmpeg reported out_time or frames), not merely that the process
 * exists: a relay blocked on connecting is still 'starting', which is what the UI calls
 * "almost online".
 */
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import {
  type ProcessOwner,
  registerOwner,
  spawnTracked,
  terminateChild,
  unregisterOwner,
} from './process-registry';
import { type FfmpegProgress, isRealProgress, ProgressParser } from './progress';
import { asCommand, type FfmpegCommand } from './secret-pipes';
import { describeExit, StderrRing } from './stderr-summary';
import type {
  SupervisorEvents,
  SupervisorOptions,
  SupervisorSnapshot,
  SupervisorState,
} from './supervisor-types';

export type {
  SupervisorEvents,
  SupervisorExit,
  SupervisorOptions,
  SupervisorSnapshot,
  SupervisorState,
} from './supervisor-types';

const ACTIVE: ReadonlySet<SupervisorState> = new Set(['starting', 'running', 'retrying']);

export class ProcessSupervisor extends EventEmitter<SupervisorEvents> implements ProcessOwner {
  readonly #opts: Required<Omit<SupervisorOptions, 'label' | 'prepare'>> & {
    label: string | null;
    prepare: SupervisorOptions['prepare'];
  };
  readonly #stderr: StderrRing;
  #state: SupervisorState = 'idle';
  #command: FfmpegCommand = { args: [], secrets: [] };
  #child: ChildProcess | null = null;
  #closed: Promise<void> = Promise.resolve();
  #stopRequested = false;
  /** Set when the supervisor ended a process for making no progress: after how long. */
  #stalledMs: number | null = null;
  #lastError: string | null = null;
  #lastProgress: FfmpegProgress | null = null;
  #restarts = 0;
  #attempt = 0;
  #runningSince: number | null = null;
  #retryTimer: NodeJS.Timeout | undefined;
  #stallTimer: NodeJS.Timeout | undefined;
  #nextRetryAt: number | null = null;
  /** Bumped by start() and stop(): a prepare() that settles for an older run is ignored. */
  #run = 0;

  constructor(options: SupervisorOptions = {}) {
    super();
    this.#opts = {
      command: options.command ?? 'ffmpeg',
      label: options.label ?? null,
      graceMs: options.graceMs ?? 3000,
      backoffInitialMs: options.backoffInitialMs ?? 1000,
      backoffMaxMs: options.backoffMaxMs ?? 30_000,
      stableAfterMs: options.stableAfterMs ?? 10_000,
      maxRestarts: options.maxRestarts ?? Number.POSITIVE_INFINITY,
      stallTimeoutMs: options.stallTimeoutMs ?? 20_000,
      startTimeoutMs: options.startTimeoutMs ?? 0,
      restartOnCleanExit: options.restartOnCleanExit ?? true,
      stderrLines: options.stderrLines ?? 50,
      prepare: options.prepare,
      stdin: options.stdin ?? false,
      output: options.output ?? false,
    };
    this.#stderr = new StderrRing(this.#opts.stderrLines);
  }

  get state(): SupervisorState {
    return this.#state;
  }
  get pid(): number | null {
    return this.#child?.pid ?? null;
  }
  get restarts(): number {
    return this.#restarts;
  }
  get lastError(): string | null {
    return this.#lastError;
  }
  /** Time in the current 'running' stretch; 0 when not running. */
  get uptimeMs(): number {
    return this.#runningSince === null ? 0 : Date.now() - this.#runningSince;
  }

  snapshot(): SupervisorSnapshot {
    return {
      state: this.#state,
      pid: this.pid,
      restarts: this.#restarts,
      uptimeMs: this.uptimeMs,
      lastError: this.#lastError,
      lastProgress: this.#lastProgress,
      nextRetryAt: this.#nextRetryAt === null ? null : new Date(this.#nextRetryAt),
      stderr: this.#stderr.lines(),
    };
  }

  /** Starts supervising; throws if already active (stop() first, or use restart()). */
  start(command: readonly string[] | FfmpegCommand): void {
    if (ACTIVE.has(this.#state)) throw new Error(`Supervisor is already ${this.#state}; stop it first`);
    this.#command = asCommand(command);
    this.#stopRequested = false;
    this.#restarts = 0;
    this.#attempt = 0;
    this.#lastError = null;
    this.#run++;
    registerOwner(this);
    this.#spawn();
  }

  /** Ends supervision; resolves once no child is left. Safe to call in any state, more than once. */
  async stop(): Promise<void> {
    this.#stopRequested = true;
    this.#run++;
    clearTimeout(this.#retryTimer);
    this.#nextRetryAt = null;
    unregisterOwner(this);
    const child = this.#child;
    if (child) await Promise.all([terminateChild(child, this.#opts.graceMs), this.#closed]);
    else if (this.#state !== 'stopped') this.#setState('stopped');
  }

  /** Stops and starts again at once (new settings), without backoff. */
  async restart(command: readonly string[] | FfmpegCommand = this.#command): Promise<void> {
    await this.stop();
    this.start(command);
  }

  #setState(next: SupervisorState): void {
    const previous = this.#state;
    if (previous === next) return;
    this.#state = next;
    this.emit('state', next, previous);
  }

  #setLastError(message: string): void {
    this.#lastError = message;
    this.emit('lastError', message);
  }

  #spawn(): void {
    this.#stderr.clear();
    this.#lastProgress = null;
    this.#runningSince = null;
    this.#stalledMs = null;
    this.#nextRetryAt = null;
    this.#setState('starting');
    const prepare = this.#opts.prepare;
    if (!prepare) {
      this.#spawnWith(this.#command);
      return;
    }
    const run = this.#run;
    prepare(this.#command.args).then(
      (prepared) => {
        if (run === this.#run && !this.#stopRequested) this.#spawnWith(asCommand(prepared));
      },
      (err: unknown) => {
        if (run !== this.#run || this.#stopRequested) return;
        this.#setLastError(err instanceof Error ? err.message : String(err));
        this.#afterFailure(false);
      },
    );
  }

  #spawnWith({ args, secrets, secretFiles }: FfmpegCommand): void {
    const child = spawnTracked(
      this.#opts.command,
      args,
      this.#opts.label,
      this.#opts.stdin ? 'pipe' : 'ignore',
      this.#opts.output,
      secrets,
      secretFiles,
    );
    this.#child = child;
    // A writer that exits while we write to it must not crash the server with EPIPE.
    child.stdin?.on('error', () => undefined);
    const count = this.#opts.output === true ? 1 : this.#opts.output === false ? 0 : this.#opts.output;
    const outputs = Array.from({ length: count }, (_, i) => child.stdio[3 + i] as Readable | null).filter(
      (o): o is Readable => !!o,
    );
    this.emit('spawned', child.stdin ?? null, outputs[0] ?? null, outputs);
    const startTimeoutMs = this.#opts.startTimeoutMs;
    if (startTimeoutMs > 0) {
      // A peer that accepts the connection and then says nothing must not keep a relay "connecting" forever.
      this.#stallTimer = setTimeout(() => {
        if (child !== this.#child || this.#state !== 'starting') return;
        this.#stalledMs = startTimeoutMs;
        void terminateChild(child, this.#opts.graceMs);
      }, startTimeoutMs);
    }
    let spawnError: NodeJS.ErrnoException | null = null;
    const parser = new ProgressParser((p) => this.#onProgress(child, p));
    child.stdout?.on('data', (chunk: Buffer) => parser.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderr.push(chunk);
      this.emit('stderr', chunk);
    });
    child.once('error', (err) => {
      spawnError = err;
    });
    // 'close' (not 'exit') so the last stderr lines are in before we summarise them. If something
    // outside the process group kept the pipes open, stop waiting for them shortly after the exit.
    child.once('exit', () => {
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, 1000).unref();
    });
    this.#closed = new Promise((resolve) => {
      child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
        this.#onClose(child, code, signal, spawnError);
        resolve();
      });
    });
  }

  #onProgress(child: ChildProcess, progress: FfmpegProgress): void {
    if (child !== this.#child) return;
    this.#lastProgress = progress;
    this.emit('progress', progress);
    if (this.#state === 'starting' && isRealProgress(progress)) {
      this.#runningSince = Date.now();
      this.#setState('running');
    }
    if (this.#state === 'running' && this.#opts.stallTimeoutMs > 0) {
      clearTimeout(this.#stallTimer);
      this.#stallTimer = setTimeout(() => {
        this.#stalledMs = this.#opts.stallTimeoutMs;
        void terminateChild(child, this.#opts.graceMs);
      }, this.#opts.stallTimeoutMs);
    }
  }

  #onClose(
    child: ChildProcess,
    code: number | null,
    signal: NodeJS.Signals | null,
    spawnError: NodeJS.ErrnoException | null,
  ): void {
    if (child !== this.#child) return;
    this.#child = null;
    clearTimeout(this.#stallTimer);
    const ranMs = this.uptimeMs;
    this.#runningSince = null;
    const reason = describeExit({
      command: this.#opts.command,
      code,
      signal,
      spawnError,
      stalledMs: this.#stalledMs,
      stderr: this.#stderr.lines(),
    });
    this.emit('exit', { code: spawnError ? null : code, signal, lastError: reason, ranMs });
    const cleanEnd = code === 0 && !spawnError && this.#stalledMs === null && !this.#opts.restartOnCleanExit;
    if (!this.#stopRequested && !cleanEnd) this.#setLastError(reason);
    if (ranMs >= this.#opts.stableAfterMs) this.#attempt = 0;
    // A missing binary will not appear by waiting; everything else (network, peer down) might heal.
    if (this.#stopRequested || cleanEnd) {
      unregisterOwner(this);
      this.#setState('stopped');
    } else this.#afterFailure(spawnError?.code === 'ENOENT');
  }

  #afterFailure(hopeless: boolean): void {
    if (hopeless || this.#restarts >= this.#opts.maxRestarts) {
      unregisterOwner(this);
      this.#setState('failed');
    } else this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    const delay = Math.min(this.#opts.backoffInitialMs * 2 ** this.#attempt, this.#opts.backoffMaxMs);
    this.#attempt++;
    this.#nextRetryAt = Date.now() + delay;
    this.#setState('retrying');
    this.#retryTimer = setTimeout(() => {
      this.#restarts++;
      this.#spawn();
    }, delay);
  }
}
