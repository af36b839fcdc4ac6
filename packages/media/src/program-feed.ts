/**
 * Hot standby for a program (player & recorder): every configured input (main, backup, fallback media)
 * is read all the time by its own small ffmpeg (programReader: MPEG-TS on stdout), the TsSwitcher picks
 * the one to play, and ONE HLS writer (programHls with the switcher on stdin) runs through every switch.
 *
 * - An input is dead when its reader exits or sends nothing for `deadAfterMs` (default 500 ms): noticed
 *   from the bytes themselves, not from a network time-out; not while this process catches up after a
 *   stall of its own (SilenceWatch), when every input only looks silent. Its reader restarts after a
 *   second while the input is still wanted, and the input is usable again once bytes flow.
 * - Which input plays is the caller's rule (`choose`, the program-choice of the server) over what is
 *   usable (program-usable.ts: a live input that stalled keeps the air from the fallback for a while). A switch away from a dead input replays the new input's last GOP at once; a switch while the
 *   current input still plays (main is back) waits for the new input's next keyframe.
 * - An input with other streams or decoder setup (another resolution, no audio) restarts the writer:
 *   it continues the playlist behind an #EXT-X-DISCONTINUITY (append_list + discont_start).
 * - In low latency the writer makes fragmented MP4 on fd 3 and an LlHlsPackager in this process writes
 *   LL-HLS (parts of a quarter second); the other latencies let ffmpeg's HLS muxer write MPEG-TS segments.
 */
import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import type { LadderEncoding } from './abr-args';
import type { LadderSource, PlannedRung } from './abr-ladder';
import { isLowLatency, type LatencyProfile } from './hls-args';
import type { LlHlsPackager } from './ll-hls-packager';
import { spawnTracked, terminateChild } from './process-registry';
import { type ProgramSource, programReader } from './program-args';
import { usableInputs } from './program-usable';
import { lowLatencyPackagers, prepareWriter } from './program-writer-outputs';
import type { RtpTargets } from './rtp-args';
import { SilenceWatch } from './silence-watch';
import { StderrRing } from './stderr-summary';
import { ProcessSupervisor } from './supervisor';
import { type SwitchEvent, TsSwitcher } from './ts-switcher';

export type FeedInput = 'main' | 'backup' | 'fallback';
export type ReaderSource = Exclude<ProgramSource, { kind: 'switcher' }>;
export type FeedInputs = Partial<Record<FeedInput, { key: string; source: ReaderSource }>>;

/**
 * Silence that makes an input dead. 800 ms was tried against false deaths under load: the freeze at
 * backup -> fallback (a writer restart) then grew from 0.26 s to 0.87-0.93 s on an idle machine (detection
 * is part of every freeze); the false deaths are fought by SilenceWatch instead.
 */
export const DEAD_AFTER_MS = 500;
const READER_RESTART_MS = 1000;
const WATCH_MS = 100;
/** Bytes held while the writer restarts; beyond that the oldest go (about 8 s at 2.5 Mbit/s). */
const MAX_QUEUED = 2_500_000;

export interface ProgramFeedOptions {
  ffmpegPath: string;
  /** Folder of the program's playlist; must exist. */
  dir: string;
  latency: LatencyProfile;
  label: string;
  /** Which input should play, given which are usable (the program's rule); undefined: none. */
  choose: (usable: Record<FeedInput, boolean>) => FeedInput | undefined;
  /** An input became usable or unusable, or the chosen input changed. */
  onChange?: () => void;
  onSwitch?: (e: SwitchEvent<FeedInput>) => void;
  log?: (message: string, details: Record<string, unknown>) => void;
  deadAfterMs?: number;
  /**
   * The quality ladder (abr-ladder.ts: planLadder), top rung first; empty or absent: source only. In low
   * latency each rung is fMP4 on its own pipe (fd 3 + i) with its own LlHlsPackager in its folder.
   */
  ladder?: readonly PlannedRung[];
  /** What is known of the source, for the multivariant playlist's BANDWIDTH/RESOLUTION/FRAME-RATE. */
  ladderSource?: LadderSource;
  /** The encoder of the encoded rungs (ladder-encoder.ts); libx264 when absent. */
  ladderEncoding?: LadderEncoding;
  /** Real time: the low-latency writer also sends the program as RTP there (rtp-args.ts). */
  rtp?: RtpTargets;
}

interface Reader {
  key: string;
  source: ReaderSource;
  child: ChildProcess | undefined;
  state: 'starting' | 'alive' | 'dead';
  lastDataAt: number;
  restart: NodeJS.Timeout | undefined;
  stderr: StderrRing;
  /** Copied until its PMT shows audio other than AAC; then encoded (programReader). */
  audio: 'copy' | 'aac';
}

export class ProgramFeed {
  readonly switcher = new TsSwitcher<FeedInput>((chunk) => this.#send(chunk));
  readonly writer: ProcessSupervisor;
  #restarting: Promise<void> | null = null;
  #restartAgain = false;
  readonly #o: ProgramFeedOptions;
  /** Low latency: one packager per rung (the top one in the program's folder); empty otherwise. */
  readonly #ll: LlHlsPackager[];
  readonly #readers = new Map<FeedInput, Reader>();
  #stdin: Writable | null = null;
  #queue: Buffer[] = [];
  #queued = 0;
  #watch: NodeJS.Timeout | undefined;
  #cancelMeasure: (() => void) | undefined;
  #silence: SilenceWatch;
  #lastUsable = '';
  #chosen: FeedInput | undefined;
  #stopped = false;
  /** The program's rule; replaced when the output's settings or sources change. */
  choose: ProgramFeedOptions['choose'];

  constructor(o: ProgramFeedOptions) {
    this.#o = o;
    this.choose = o.choose;
    this.#silence = new SilenceWatch({ limitMs: o.deadAfterMs ?? DEAD_AFTER_MS, tickMs: WATCH_MS });
    this.writer = new ProcessSupervisor({
      command: o.ffmpegPath,
      label: o.label,
      stdin: true,
      graceMs: 1000,
      // Its input is a pipe of ours: a quiet writer means no input plays, not a stuck network read.
      stallTimeoutMs: 0,
      backoffInitialMs: 200,
      output: isLowLatency(o.latency) ? Math.max(1, o.ladder?.length ?? 0) : false,
    });
    this.#ll = lowLatencyPackagers(o);
    this.writer.on('spawned', (stdin, _output, outputs) => {
      outputs.forEach((output, i) => {
        const ll = this.#ll[i];
        if (!ll) return;
        ll.newStream();
        output.on('data', (chunk: Buffer) => ll.push(chunk));
      });
      this.#stdin = stdin;
      for (const chunk of this.#queue) stdin?.write(chunk);
      this.#queue = [];
      this.#queued = 0;
    });
    this.switcher.onSwitch = (e) => {
      o.log?.('program switch', { from: e.from, to: e.to, streamsChanged: e.streamsChanged });
      if (e.streamsChanged) this.#restartWriter();
      o.onSwitch?.(e);
    };
  }

  start() {
    const { args, cancelMeasure } = prepareWriter(this.#o);
    this.#cancelMeasure = cancelMeasure;
    if (this.#ll.length > 0)
      void Promise.all(this.#ll.map((ll) => ll.open())).then(() => {
        if (!this.#stopped) this.writer.start(args);
      });
    else this.writer.start(args);
    this.#watch = setInterval(() => this.#checkStalls(), WATCH_MS);
    this.#watch.unref();
  }

  async stop() {
    this.#stopped = true;
    clearInterval(this.#watch);
    this.#cancelMeasure?.();
    // A restart under way would start the writer again behind this stop: let it finish first.
    await this.#restarting;
    const readers = [...this.#readers.keys()];
    await Promise.all([...readers.map((name) => this.#stopReader(name)), this.writer.stop()]);
    await Promise.all(this.#ll.map((ll) => ll.flush(true)));
    for (const ll of this.#ll) ll.stop();
  }

  /** The inputs to read; a changed key restarts that input's reader. */
  setInputs(inputs: FeedInputs) {
    for (const name of ['main', 'backup', 'fallback'] as const) {
      const want = inputs[name];
      const have = this.#readers.get(name);
      if (have && have.key !== want?.key) void this.#stopReader(name);
      if (want && have?.key !== want.key) this.#startReader(name, want.key, want.source);
    }
    this.reevaluate();
  }

  /**
   * Read and not found dead: a reader still connecting counts (the switch waits for its keyframe). When
   * every input is dead, all read ones count: a stall on a busy machine is no reason to go offline.
   */
  usable(name: FeedInput): boolean {
    return this.#usable()[name];
  }

  #usable(): Record<FeedInput, boolean> {
    return usableInputs(Object.fromEntries(this.#readers), Date.now(), this.#chosen);
  }

  /** The input on the air (undefined between a dead input and the new one's first keyframe). */
  get playing(): FeedInput | undefined {
    return this.switcher.active;
  }

  get chosen(): FeedInput | undefined {
    return this.#chosen;
  }

  /** Applies the rule to what is usable now and switches if it says so. */
  reevaluate() {
    if (this.#stopped) return;
    const usable = {
      main: this.usable('main'),
      backup: this.usable('backup'),
      fallback: this.usable('fallback'),
    };
    const want = this.choose(usable);
    const changed = want !== this.#chosen;
    this.#chosen = want;
    if (want && (want !== this.switcher.active || this.switcher.pending)) {
      const current = this.switcher.active;
      const currentPlays = !!current && current !== want && this.#readers.get(current)?.state === 'alive';
      this.switcher.switchTo(want, currentPlays ? 'atNextKeyframe' : 'now');
    }
    if (changed) this.#o.onChange?.();
  }

  #send(chunk: Buffer) {
    if (this.#stdin?.writable) {
      this.#stdin.write(chunk);
      return;
    }
    this.#queue.push(chunk);
    this.#queued += chunk.length;
    while (this.#queued > MAX_QUEUED && this.#queue.length > 1) this.#queued -= this.#queue.shift()!.length;
  }

  /**
   * One restart at a time: a second change of streams while the writer restarts runs one more restart
   * after it (two overlapping restarts raced the supervisor's start and crashed the server), and a
   * failure is logged, never left unhandled.
   */
  #restartWriter() {
    if (this.#restarting) {
      this.#restartAgain = true;
      return;
    }
    this.#restarting = (async () => {
      do {
        this.#restartAgain = false;
        const stdin = this.#stdin;
        this.#stdin = null;
        // End of input: the writer closes its last segment and exits; the next one appends behind a
        // discontinuity, starting with the tables and keyframe the switcher writes right after this.
        stdin?.end();
        if (!this.#stopped) await this.writer.restart();
      } while (this.#restartAgain && !this.#stopped);
    })()
      .catch((err: unknown) => this.#o.log?.('program writer restart failed', { err: String(err) }))
      .finally(() => {
        this.#restarting = null;
      });
  }

  #startReader(name: FeedInput, key: string, source: ReaderSource) {
    const reader: Reader = {
      key,
      source,
      child: undefined,
      state: 'starting',
      lastDataAt: 0,
      restart: undefined,
      stderr: new StderrRing(20),
      audio: 'copy',
    };
    this.#readers.set(name, reader);
    this.switcher.reset(name);
    this.#spawnReader(name, reader);
  }

  #spawnReader(name: FeedInput, reader: Reader) {
    const child = spawnTracked(
      this.#o.ffmpegPath,
      programReader(reader.source, reader.audio),
      `${this.#o.label} ${name} reader`,
    );
    reader.child = child;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (this.#readers.get(name) !== reader || reader.child !== child) return;
      reader.lastDataAt = Date.now();
      this.switcher.push(name, chunk, reader.lastDataAt);
      if (reader.audio === 'copy' && this.switcher.track(name)?.foreignAudio)
        return this.#encodeAudio(name, reader, child);
      if (reader.state !== 'alive') {
        reader.state = 'alive';
        this.reevaluate();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => reader.stderr.push(chunk));
    child.once('exit', (code, signal) => {
      if (this.#readers.get(name) !== reader || reader.child !== child) return;
      reader.child = undefined;
      this.#o.log?.('program input reader ended', { name, code, signal, stderr: reader.stderr.lines() });
      // Its stream is over: a new reader starts a new stream (new timestamps) at its first keyframe, and
      // copies its audio again until it sees what the new stream carries.
      reader.audio = 'copy';
      if (this.switcher.active === name) this.switcher.remove(name);
      this.switcher.reset(name);
      this.#markDead(name, reader);
      reader.restart = setTimeout(() => {
        if (this.#readers.get(name) === reader && !this.#stopped) this.#spawnReader(name, reader);
      }, READER_RESTART_MS);
      reader.restart.unref();
    });
  }

  /**
   * The input's audio is not AAC: its reader starts again encoding the audio (the PMT comes before the
   * first keyframe, so nothing of the copy reached the program). Still usable while it starts.
   */
  #encodeAudio(name: FeedInput, reader: Reader, child: ChildProcess) {
    this.#o.log?.('program input audio is not AAC: encoding it', { name });
    reader.audio = 'aac';
    reader.child = undefined;
    reader.state = 'starting';
    void terminateChild(child, 500);
    if (this.switcher.active === name) this.switcher.remove(name);
    this.switcher.reset(name);
    this.#spawnReader(name, reader);
  }

  /** A stalled input stays on the air when there is nothing else to play: its bytes may come back. */
  #markDead(name: FeedInput, reader: Reader) {
    if (reader.state === 'dead') return;
    reader.state = 'dead';
    this.#o.log?.('program input dead', { name, silentMs: Date.now() - reader.lastDataAt });
    this.reevaluate();
  }

  #checkStalls() {
    // A live input's grace (program-usable.ts) ends with time, not with an event.
    const usable = JSON.stringify(this.#usable());
    if (usable !== this.#lastUsable) {
      this.#lastUsable = usable;
      this.reevaluate();
    }
    const alive = [...this.#readers].filter(([, r]) => r.state === 'alive');
    const silent = this.#silence.silent(
      Date.now(),
      alive.map(([name, r]) => [name, r.lastDataAt] as const),
    );
    for (const name of silent) {
      const reader = this.#readers.get(name);
      if (reader) this.#markDead(name, reader);
    }
  }

  async #stopReader(name: FeedInput) {
    const reader = this.#readers.get(name);
    if (!reader) return;
    this.#readers.delete(name);
    clearTimeout(reader.restart);
    this.switcher.remove(name);
    if (reader.child) await terminateChild(reader.child, 500);
  }
}
