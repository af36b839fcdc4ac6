/**
 * Records one live session of a source or a player into its recording on shared storage (issue 29,
 * item 7). States: starting -> recording (one ffmpeg per part, writing segments as they come) ->
 * stopped. A part ends when ffmpeg exits; while the session is still live a new part starts a second
 * later (a hiccup must not end the recording). `stop` lets ffmpeg finish on its own (its read times out
 * once the stream has ended, so the last segment is whole) and pauses the recording: it is joined into a
 * media once nobody continues it for the resume window. `abort` stops at once and writes nothing: the
 * stream goes on elsewhere (a takeover, a hand-over at shutdown), whose process continues the recording.
 */
import { recordSegments } from '@stromwerk/media/file-args';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import type { FastifyBaseLogger } from 'fastify';
import type { RecordingOwnerRef, RecordingsService } from '../medias/recordings.service';

const STOP_WAIT_MS = 8000;
const RESTART_MS = 1000;

export interface RecorderDeps {
  recordings: RecordingsService;
  ffmpegPath: string;
  log: FastifyBaseLogger;
  /** This process's lock session: the recording's row names it, so it pauses if the process dies. */
  recorder(): string;
}

export class LiveRecorder {
  private current: { done: Promise<unknown>; abort: AbortController } | undefined;
  private live = true;
  private recording: { id: string; part: number } | undefined;
  readonly startedAt = new Date();

  constructor(
    private readonly owner: RecordingOwnerRef,
    private readonly input: string,
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
    const done = runToCompletion(recordSegments(this.input, dir, prefix), {
      command: this.deps.ffmpegPath,
      signal: abort.signal,
      label: this.label,
    })
      .catch((e) => this.deps.log.debug({ err: e, label: this.label }, 'recording part ended'))
      .then(() => {
        if (this.live && this.current?.abort === abort)
          setTimeout(
            () =>
              this.live &&
              void this.start().catch((err) => this.deps.log.error({ err }, 'recording a new part failed')),
            RESTART_MS,
          );
      });
    this.current = { done, abort };
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
