/**
 * Joins the recordings nobody records any more into media (issue 29, item 7), on processes with working
 * ffmpeg. One indexed query says when the next one is due (its resume window over, or its joiner silent);
 * a timer waits for it. A recording paused on another process announces itself (`recordings-changed`),
 * so the timer is armed again; a slow re-check bounds what a missed event could delay. Each recording is
 * claimed in one statement, so exactly one process joins it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RecordingsService } from '../medias/recordings.service';

const RECHECK_MS = 30_000;
const LATE_MS = 50;

export class RecordingFinisher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly recordings: RecordingsService,
    private readonly me: () => string,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.stopped = false;
    return this.poke();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    return this.running;
  }

  /** Something may be due sooner: join what is due now and wait for the next. */
  poke(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run()
      .catch((err) => this.log.warn({ err }, 'joining recordings failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.poke();
        }
      });
    return this.running;
  }

  private async run() {
    if (this.stopped) return;
    await this.recordings.joinDue(this.me());
    const next = await this.recordings.nextDue();
    clearTimeout(this.timer);
    if (this.stopped) return;
    const wait = next ? Math.max(0, next.getTime() - Date.now()) + LATE_MS : RECHECK_MS;
    this.timer = setTimeout(() => void this.poke(), Math.min(wait, RECHECK_MS));
    this.timer.unref();
  }
}
