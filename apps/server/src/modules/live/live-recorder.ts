/**
 * Records one live session of a source or a player into its recording on shared storage (issue 29,
 * item 7). States: starting -> recording (one ffmpeg per part, writing segments as they come) ->
 * stopped. A part ends when ffmpeg exits; while the session is still live a new part starts a second
 * later (a hiccup must not end the recording), but only while the ingest still has the stream: a part
 * that ended because the stream did (the ingest closes its readers then) waits for the session's end
 * instead. A part started after the stream's end read nothing until its time-out and held `stop` for up
 * to 8 s, then ended with an error; on a loaded machine, where the session's end comes seconds after the
 * stream's, the recording was joined that much later (a CI run waited 40 s for it). `stop` lets ffmpeg
 * finish on its own (the ingest ends its read, so the last segment is whole) and pauses the recording: it
 * is joined into a media once nobody continues it for the resume window. `abort` stops at once and writes nothing: the
 * stream goes on elsewhere (a takeover, a hand-over at shutdown), whose process continues the recording.
 */
import { recordSegments } from '@stromwerk/media/file-args';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import type { FastifyBaseLogger } from 'fastify';
import type { RecordingOwnerRef, RecordingsService } from '../medias/recordings.service';

const STOP_WAIT_MS = 8000;
/** ffmpeg ends a segment and exits within milliseconds of SIGTERM; one that does not is killed. */
const ABORT_GRACE_MS = 3000;
const RESTART_MS = 1000;

export interface RecorderDeps {
  recordings: RecordingsService;
  ffmpegPath: string;
  log: FastifyBaseLogger;
  /** This process's lock session: the recording's row names it, so it pauses if the process dies. */
  recorder(): string;
  /** Whether the ingest still has the recorded stream (its publish not over): a next part may start. */
  streamOn(): boolean;
}

/**
 * Where a recording reads its stream: its first part from the publish's first keyframe where the ingest
 * kept it (`localUrl(key, 'start')`: a recorder connects seconds after the first frame on a loaded
 * machine), every later part from the current picture group (it follows a part that recorded the rest).
 */
export interface RecordingInput {
  first: string;
  next: string;
}

export class LiveRecorder {
  private current: { done: Promise<unknown>; abort: AbortController } | undefined;
  private live = true;
  private recording: { id: string; part: number } | undefined;
  private partsRun = 0;
  readonly startedAt = new Date();

  constructor(
    private readonly owner: RecordingOwnerRef,
    private readonly input: RecordingInput,
    private readonly deps: RecorderDeps,
  ) {}

  get label() {
    return `recording ${this.owner.kind} ${this.owner.id}`;
  }

  /** A part being begun (its row written, its number not yet known here). */
  private starting: Promise<void> | undefined;

  start(): Promise<void> {
    const starting = this.startPart();
    this.starting = starting;
    return starting;
  }

  private async startPart() {
    if (!this.live) return;
    const { id, part, dir, prefix } = await this.deps.recordings.begin(this.owner, this.deps.recorder());
    this.recording = { id, part };
    if (!this.live) return;
    const abort = new AbortController();
    const input = this.partsRun++ === 0 ? this.input.first : this.input.next;
    const done = runToCompletion(recordSegments(input, dir, prefix), {
      command: this.deps.ffmpegPath,
      signal: abort.signal,
      label: this.label,
      // A part cut (a switch of the program's input, recording switched off, the stop's wait over)
      // keeps what it received: on SIGTERM ffmpeg finishes the segment it is writing, which SIGKILL lost
      // (a player's failover lost the main's last 2 s).
      abortGraceMs: ABORT_GRACE_MS,
    })
      .catch((e) => this.deps.log.debug({ err: e, label: this.label }, 'recording part ended'))
      .then(() => {
        if (this.live && this.current?.abort === abort) this.nextPartLater();
      });
    this.current = { done, abort };
  }

  /** A part ended while the session is live: the next starts once the ingest has the stream. */
  private nextPartLater() {
    setTimeout(() => {
      if (!this.live) return;
      if (!this.deps.streamOn()) return this.nextPartLater();
      void this.start().catch((err) => this.deps.log.error({ err }, 'recording a new part failed'));
    }, RESTART_MS).unref();
  }

  /** The session ended here (or recording was switched off: `now`): the last segment is finished, then paused. */
  async stop(now = false) {
    this.live = false;
    // A new part may be being begun (its ffmpeg ended a moment before the session did, and the restart
    // came first): its number is the one to pause, or the pause of the older part matches nothing and the
    // recording stays open for good, never joined (seen in a browser test under load).
    await this.starting?.catch(() => {});
    const current = this.current;
    if (current) {
      const timer = setTimeout(() => current.abort.abort(), now ? 0 : STOP_WAIT_MS);
      await current.done;
      clearTimeout(timer);
    }
    if (this.recording) await this.deps.recordings.pause(this.recording.id, this.recording.part);
  }

  /** Stops at once without a write: another process continues the session and its recording. */
  abort() {
    this.live = false;
    this.current?.abort.abort();
  }
}
