// Who may feed a player's RTP program (issue 35): its ports are on a loopback address, which every
// local user can send to. A datagram is taken only from a socket of the server's own user (the
// writer's ffmpeg); the owner of a sender's port is looked up once (/proc/net/udp) and its datagrams
// wait meanwhile, so a writer's first packets (its keyframe's parameter sets) are not lost.

/** Datagrams held per undecided sender: a keyframe at 2.5 Mbit/s in 1200-byte packets fits. */
const MAX_PENDING = 1000;

export class RtpSenderGate {
  readonly #decided = new Map<number, boolean>();
  readonly #pending = new Map<number, Buffer[]>();
  /** Datagrams dropped because a stranger sent them. */
  refused = 0;

  constructor(
    private readonly ownerOf: (port: number) => Promise<number | null>,
    private readonly uid: number | undefined = process.getuid?.(),
  ) {}

  /** `pass(packet)` now, once its sender is known to be ours, or never. */
  admit(port: number, packet: Buffer, pass: (p: Buffer) => void) {
    const decided = this.#decided.get(port);
    if (decided === true || this.uid === undefined) return pass(packet);
    if (decided === false) {
      this.refused++;
      return;
    }
    const pending = this.#pending.get(port);
    if (pending) {
      if (pending.length < MAX_PENDING) pending.push(packet);
      else this.refused++;
      return;
    }
    this.#pending.set(port, [packet]);
    void this.ownerOf(port).then(
      (owner) => this.#decide(port, owner === this.uid, pass),
      () => this.#decide(port, false, pass),
    );
  }

  #decide(port: number, ours: boolean, pass: (p: Buffer) => void) {
    this.#decided.set(port, ours);
    const held = this.#pending.get(port) ?? [];
    this.#pending.delete(port);
    if (ours) for (const p of held) pass(p);
    else this.refused += held.length;
  }
}
