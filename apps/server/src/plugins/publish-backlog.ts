/**
 * The frames of a publish from its first keyframe, kept for the readers that must not miss its start: a
 * recording's first part. A reader of the ingest otherwise begins at the picture group that is current
 * when it connects, and a recorder connects only once the session is live and its recording begun: on
 * a loaded machine seconds after the first frame, so recordings lost their first picture group or more
 * (a CI run: 6.3 s of 8.2 s recorded; beside stress-ng 13.5 s of 20). A backlog is kept only for keys
 * that something records (the source, or a player showing it), and only for its first seconds: past `limits` (time since the publish began,
 * bytes) it is emptied and keeps nothing more, and readers begin at the current picture group again.
 */
export interface BacklogLimits {
  ms: number;
  bytes: number;
}

/** A recorder that has not connected 30 s after the first frame is not slow; 32 MB is 30 s at 8.5 Mbit/s. */
export const BACKLOG_LIMITS: BacklogLimits = { ms: 30_000, bytes: 32 * 1024 * 1024 };

export class PublishBacklog {
  readonly #messages: Buffer[] = [];
  #bytes = 0;
  #began = false;
  #over = false;
  readonly #until: number;

  constructor(
    startedAt: number,
    private readonly limits: BacklogLimits = BACKLOG_LIMITS,
  ) {
    this.#until = startedAt + limits.ms;
  }

  /**
   * One frame of the publish as the ingest sends it to its readers (`keyframe`: a video keyframe). Frames
   * before the first keyframe are not kept: no reader could decode them. False once the backlog is over.
   */
  add(message: Buffer, keyframe: boolean, now: number): boolean {
    if (this.#over) return false;
    if (!this.#began && !keyframe) return true;
    if (now > this.#until || this.#bytes + message.length > this.limits.bytes) {
      this.end();
      return false;
    }
    this.#began = true;
    this.#messages.push(message);
    this.#bytes += message.length;
    return true;
  }

  /** The frames kept, from the first keyframe on; none once over. */
  get messages(): readonly Buffer[] {
    return this.#messages;
  }

  get bytes() {
    return this.#bytes;
  }

  get over() {
    return this.#over;
  }

  /** Nothing more is kept, and what was is let go. */
  end() {
    this.#over = true;
    this.#messages.length = 0;
    this.#bytes = 0;
  }
}
