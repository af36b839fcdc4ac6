/**
 * A low-latency viewer asks for the playlist three or four times a second (a blocking reload per part);
 * counting each request in the database (the viewer's row, the output's statistics) would be two writes
 * per request per viewer. A viewer is counted at most once per ACCOUNT_EVERY_MS by this process: the
 * watch time is the time since the row's previous request, so nothing is lost between counted ones.
 */
const ACCOUNT_EVERY_MS = 2000;
/** Viewers not seen for this long are forgotten (the map stays bounded by who watches now). */
const FORGET_AFTER_MS = 60_000;

export class ViewerThrottle {
  readonly #last = new Map<string, number>();
  #sweptAt = 0;

  /** Viewers remembered. */
  get size() {
    return this.#last.size;
  }

  /** Whether this request of `viewerId` should be counted now. */
  due(viewerId: string, now = Date.now()): boolean {
    if (now - this.#sweptAt > FORGET_AFTER_MS) {
      for (const [id, at] of this.#last) if (now - at > FORGET_AFTER_MS) this.#last.delete(id);
      this.#sweptAt = now;
    }
    const last = this.#last.get(viewerId);
    if (last !== undefined && now - last < ACCOUNT_EVERY_MS) return false;
    this.#last.set(viewerId, now);
    return true;
  }
}
