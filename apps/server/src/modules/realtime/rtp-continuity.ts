// One continuous RTP stream out of the writer's restarts (issue 35). A writer restart (a switch to an
// input of other codecs) is a new ffmpeg whose RTP muxer starts at a random sequence number and
// timestamp; forwarded as they are, the viewer's peer would see a jump of thousands of packets and
// seconds on the same SSRC. Each kind's packets are renumbered so the sequence goes on by one and the
// timestamp by the wall-clock time since the previous packet; within one writer they only shift.

/**
 * A sequence step larger than this either way, or a timestamp step beyond TIME_JUMP_SECONDS, is a new
 * writer, not loss or reordering: a new writer's random sequence number may land close to the old one's
 * (under 3000 ahead one time in 22), its random timestamp within 10 s about once in 5000 restarts.
 */
const JUMP = 3000;
const TIME_JUMP_SECONDS = 10;

export class RtpContinuity {
  #seqShift = 0;
  #tsShift = 0;
  #lastIn: { seq: number; ts: number } | undefined;
  #last: { seq: number; ts: number; at: number } | undefined;

  /** `clockRate`: the payload's RTP clock (90000 for video, 48000 for Opus). */
  constructor(
    private readonly clockRate: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Rewrites the packet's sequence number and timestamp in place. */
  apply(packet: Buffer) {
    if (packet.length < 12) return;
    const seq = packet.readUInt16BE(2);
    const ts = packet.readUInt32BE(4);
    const now = this.now();
    const step = this.#lastIn === undefined ? 1 : (seq - this.#lastIn.seq + 0x10000) % 0x10000;
    const time = this.#lastIn === undefined ? 0 : Math.abs((ts - this.#lastIn.ts) | 0);
    const restarted = (step > JUMP && step < 0x10000 - JUMP) || time > TIME_JUMP_SECONDS * this.clockRate;
    if (this.#last && restarted) {
      const elapsed = Math.max(1, Math.round(((now - this.#last.at) * this.clockRate) / 1000));
      this.#seqShift = (this.#last.seq + 1 - seq + 0x10000) % 0x10000;
      this.#tsShift = (this.#last.ts + elapsed - ts) >>> 0;
    }
    const outSeq = (seq + this.#seqShift) % 0x10000;
    const outTs = (ts + this.#tsShift) >>> 0;
    packet.writeUInt16BE(outSeq, 2);
    packet.writeUInt32BE(outTs, 4);
    // A late or repeated packet (a small step back, or none) keeps the newest as the reference.
    if (!restarted && (step === 0 || step >= 0x10000 - JUMP)) return;
    this.#last = { seq: outSeq, ts: outTs, at: now };
    this.#lastIn = { seq, ts };
  }
}
