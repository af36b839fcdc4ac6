// The real-time programs of this process (issue 35): per player in latency `realtime` whose writer runs
// here, the RtpProgramSource its writer sends RTP to, and the WHEP viewers fed from it. The program
// engine opens one when it starts such a writer and closes it when the writer stops (the viewers' peers
// end with it); the WHEP route finds the source here. A writer on another process has none here.
import type { RtpTargets } from '@stromwerk/media/rtp-args';
import { RtpProgramSource } from './rtp-program-source';

export class RealtimePrograms {
  readonly #sources = new Map<string, RtpProgramSource>();
  readonly #viewers = new Map<string, Set<() => void>>();

  /** `host`: the loopback address the writer sends to. */
  constructor(private readonly host = '127.0.0.1') {}

  /** A new source for the player's writer (an old one is closed first); the writer's RTP targets. */
  async open(outputId: string): Promise<RtpTargets> {
    this.close(outputId);
    const source = new RtpProgramSource();
    this.#sources.set(outputId, source);
    const ports = await source.listen(this.host);
    return { host: this.host, ...ports };
  }

  source(outputId: string): RtpProgramSource | undefined {
    return this.#sources.get(outputId);
  }

  /** Ends a viewer when its player's source closes; the returned function forgets it. */
  onClose(outputId: string, end: () => void): () => void {
    const set = this.#viewers.get(outputId) ?? new Set();
    this.#viewers.set(outputId, set);
    set.add(end);
    return () => set.delete(end);
  }

  /** The writer stopped: every viewer of the player ends, the ports are let go. */
  close(outputId: string) {
    const viewers = [...(this.#viewers.get(outputId) ?? [])];
    this.#viewers.delete(outputId);
    for (const end of viewers) end();
    this.#sources.get(outputId)?.close();
    this.#sources.delete(outputId);
  }

  closeAll() {
    for (const id of [...this.#sources.keys()]) this.close(id);
  }
}
