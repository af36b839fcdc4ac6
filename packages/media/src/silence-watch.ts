/**
 * When an input that sends nothing is dead (program-feed): silent for longer than `limitMs`, judged on a
 * regular tick. Pure: the caller passes the clock.
 *
 * A tick that comes late means this process was busy (a blocked event loop) or the machine was starved:
 * the readers' bytes of that time are still in their pipes, and in this process the in-process RTMP
 * ingest did not forward its publishers' data either. Every input then looks silent at once, though none
 * died. So after a late tick no input is judged for `graceMs`: the pending bytes are read first. On a
 * 2-core machine under a full test suite such stalls of 0.5-0.85 s marked live inputs dead a few times a
 * minute, and each false death switched the program (a writer restart when the codecs differ: the
 * viewer froze for seconds).
 */
export interface SilenceWatchOptions {
  limitMs: number;
  tickMs: number;
  /** A tick later than this (beyond `tickMs`) counts as a stall of this process. */
  lateMs?: number;
  /** No verdict for this long after a stall. */
  graceMs?: number;
}

export class SilenceWatch {
  readonly #o: Required<SilenceWatchOptions>;
  #lastTick: number | undefined;
  #graceUntil = 0;

  constructor(o: SilenceWatchOptions) {
    this.#o = { lateMs: 200, graceMs: 500, ...o };
  }

  /** The inputs silent for longer than the limit at this tick (none while a stall's grace lasts). */
  silent<Name>(now: number, inputs: Iterable<readonly [Name, number]>): Name[] {
    const last = this.#lastTick;
    this.#lastTick = now;
    if (last !== undefined && now - last > this.#o.tickMs + this.#o.lateMs)
      this.#graceUntil = now + this.#o.graceMs;
    if (now < this.#graceUntil) return [];
    const found: Name[] = [];
    for (const [name, lastDataAt] of inputs) if (now - lastDataAt > this.#o.limitMs) found.push(name);
    return found;
  }
}
