/**
 * The ffmpeg this server process works with, found once and then trusted (issue 29, item 4). A small
 * state machine:
 *
 *   detecting --every probe answered------------> ready
 *   detecting --ffmpeg itself not found---------> absent   (final: health and the UI say what is off)
 *   detecting --a probe timed out or crashed----> detecting (asked again after 1 s, 2 s, 4 s … 30 s,
 *                                                            each time with a longer time-out; logged)
 *
 * A time-out is never taken for an absence: on a busy machine five ffmpeg starts can take longer than
 * any fixed limit, and the old probe then said "ffmpeg not found" for the process's whole life. Answers
 * are kept between rounds; only what did not answer is asked again. A binary that is not there (ENOENT)
 * is an answer. While detecting, the process is not ready: it takes no live lease and no media job.
 */
import {
  capabilitiesFrom,
  type MediaCapabilities,
  noCapabilities,
  PROBES,
  type ProbeName,
  type ProbeRun,
  runProbe,
} from './capabilities';

export type MediaState = 'detecting' | 'ready' | 'absent';

type Answer = { kind: 'answered'; stdout: string } | { kind: 'not-found' };

export interface MediaRuntimeOptions {
  ffmpegPath: string;
  ffprobePath: string;
  log?: { warn(o: object, m: string): void; info(o: object, m: string): void };
  /** Time-out of the first round; each later round doubles it up to 60 s. */
  timeoutMs?: number;
  /** For tests: how a probe is run. */
  run?: (bin: string, args: string[], timeoutMs: number) => Promise<ProbeRun>;
}

const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];
const MAX_TIMEOUT_MS = 60_000;

/** Pure: the state after a round, from what every probe answered so far. */
export function mediaStateOf(answers: Partial<Record<ProbeName, Answer>>): MediaState {
  if (answers.version?.kind === 'not-found') return 'absent';
  const names = Object.keys(PROBES) as ProbeName[];
  return names.every((n) => answers[n] !== undefined) ? 'ready' : 'detecting';
}

export class MediaRuntime {
  private answers: Partial<Record<ProbeName, Answer>> = {};
  private readonly listeners = new Set<(state: MediaState) => void>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private round = 0;
  private settledPromise: Promise<void>;
  private settle!: () => void;
  state: MediaState = 'detecting';
  /** What the last round could not find out, in words (health's message while detecting). */
  lastFailures: string[] = [];
  capabilities: MediaCapabilities = noCapabilities('ffmpeg is being detected');

  constructor(private readonly opts: MediaRuntimeOptions) {
    this.settledPromise = new Promise((r) => (this.settle = r));
  }

  /** A runtime whose answer is given (tests, and processes that do no media work). */
  static fixed(capabilities: MediaCapabilities): MediaRuntime {
    const runtime = new MediaRuntime({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
    runtime.capabilities = capabilities;
    runtime.state = capabilities.ffmpeg ? 'ready' : 'absent';
    runtime.settle();
    return runtime;
  }

  /** Whether media work may be taken now: ffmpeg answered every question. */
  get ready() {
    return this.state === 'ready';
  }

  /** Runs the first round and resolves after it; later rounds run in the background until settled. */
  async start(): Promise<void> {
    if (this.state !== 'detecting') return;
    await this.detect();
  }

  /** Resolves once the state is final (ready or absent). */
  settled(): Promise<void> {
    return this.settledPromise;
  }

  /** Called with the final state (at once when it is already final). */
  onSettled(listener: (state: MediaState) => void): () => void {
    if (this.state !== 'detecting') listener(this.state);
    else this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async detect() {
    const run = this.opts.run ?? runProbe;
    const timeout = Math.min((this.opts.timeoutMs ?? 10_000) * 2 ** this.round, MAX_TIMEOUT_MS);
    this.round++;
    const paths = { ffmpeg: this.opts.ffmpegPath, ffprobe: this.opts.ffprobePath };
    const failures: string[] = [];
    const pending = (Object.keys(PROBES) as ProbeName[]).filter((n) => !this.answers[n]);
    await Promise.all(
      pending.map(async (name) => {
        const [bin, args] = PROBES[name];
        const result = await run(paths[bin], [...args], timeout);
        if (result.ok) this.answers[name] = { kind: 'answered', stdout: result.stdout };
        else if (result.kind === 'not-found') this.answers[name] = { kind: 'not-found' };
        else failures.push(result.message);
      }),
    );
    if (this.stopped) return;
    this.lastFailures = failures;
    this.state = mediaStateOf(this.answers);
    const stdout = (n: ProbeName) => {
      const a = this.answers[n];
      return a?.kind === 'answered' ? a.stdout : undefined;
    };
    const found = Object.fromEntries(
      (Object.keys(PROBES) as ProbeName[]).map((n) => [n, stdout(n)]),
    ) as Record<ProbeName, string | undefined>;
    if (this.state === 'detecting') {
      const wait = BACKOFF_MS[Math.min(this.round - 1, BACKOFF_MS.length - 1)]!;
      this.capabilities = noCapabilities(
        `ffmpeg is being detected (round ${this.round}: ${failures.join('; ')}); media work waits`,
      );
      this.opts.log?.warn(
        { failures, round: this.round, retryInMs: wait },
        'ffmpeg did not answer every capability probe; asking again',
      );
      this.timer = setTimeout(() => void this.detect(), wait);
      this.timer.unref();
      return;
    }
    this.capabilities = capabilitiesFrom(found, paths);
    this.opts.log?.info(
      { state: this.state, rounds: this.round, version: this.capabilities.version },
      this.state === 'ready' ? 'ffmpeg detected' : 'ffmpeg not found: media features are off',
    );
    this.settle();
    for (const listener of this.listeners) listener(this.state);
    this.listeners.clear();
  }
}
