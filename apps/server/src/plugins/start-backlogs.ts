import { PublishBacklog } from './publish-backlog';

/** What of node-media-server's broadcast (one stream path, its publisher and readers) this touches. */
export interface NmsBroadcast {
  broadcastMessage(packet: NmsPacket): void;
  postPlay(session: { streamName?: string }): string | null;
  /** The current picture group a new RTMP reader is sent first (a Set; anything with forEach serves). */
  rtmpGopCache: { forEach(each: (message: Buffer) => void): void } | null;
}

/** node-media-server's AVPacket; flags: 1 audio frame, 3 video keyframe, 4 other video frame. */
export interface NmsPacket {
  flags: number;
}

const isFrame = (flags: number) => flags === 1 || flags === 3 || flags === 4;

/** A publish's backlog, the start readers it is for (as many as the ingest was told), and those served. */
interface Kept {
  backlog: PublishBacklog;
  /** Distinct readers from the start expected; unknown until `expect` (then kept until its limits). */
  readers: number;
  served: Set<string>;
}

/**
 * Publish backlogs (publish-backlog.ts) on node-media-server's broadcasts. A broadcast is patched once,
 * the first time one of its publishes keeps a backlog: each frame it sends its readers is also kept (as
 * the RTMP message a reader is sent: the library's own `createMessage`), and a reader whose stream name
 * says "from the start" is sent the backlog where other readers get the current picture group. Each such
 * name is served once (a recording switched off and on again must not record the start a second time):
 * its name is the recording's own (the source's, or a player's), so a source's recording and a player
 * recording the same source each get it. Once as many as expected were served, the backlog goes. The
 * library calls both through the broadcast object, so the patch is the whole of it.
 */
export class StartBacklogs {
  readonly #kept = new Map<NmsBroadcast, Kept>();
  readonly #patched = new WeakSet<NmsBroadcast>();

  constructor(
    private readonly o: {
      /** The RTMP message of a packet, as the library sends it to a reader. */
      createMessage(packet: NmsPacket): Buffer;
      /** Whether a reader's stream name asks for the publish from its start. */
      fromStart(streamName: string): boolean;
      now?: () => number;
    },
  ) {}

  /**
   * A publish that may be read from its start begins on `broadcast`. A publish resumed within its grace
   * continues the backlog of the one it resumes (the library keeps its timeline going).
   */
  begin(broadcast: NmsBroadcast) {
    this.#patch(broadcast);
    if (!this.#kept.has(broadcast))
      this.#kept.set(broadcast, {
        backlog: new PublishBacklog(this.#now()),
        readers: Number.POSITIVE_INFINITY,
        served: new Set(),
      });
  }

  /** How many distinct readers from the start the publish on `broadcast` has: none lets its backlog go. */
  expect(broadcast: NmsBroadcast, readers: number) {
    const kept = this.#kept.get(broadcast);
    if (!kept) return;
    kept.readers = readers;
    if (kept.served.size >= readers) this.end(broadcast);
  }

  /** The publish ended: its backlog goes. */
  end(broadcast: NmsBroadcast | undefined) {
    if (!broadcast) return;
    this.#kept.get(broadcast)?.backlog.end();
    this.#kept.delete(broadcast);
  }

  /** Backlogs being kept now, and their bytes (a process's memory for them). */
  get kept() {
    let bytes = 0;
    for (const { backlog } of this.#kept.values()) bytes += backlog.bytes;
    return { backlogs: this.#kept.size, bytes };
  }

  #now() {
    return this.o.now?.() ?? Date.now();
  }

  #patch(broadcast: NmsBroadcast) {
    if (this.#patched.has(broadcast)) return;
    this.#patched.add(broadcast);
    const broadcastMessage = broadcast.broadcastMessage;
    broadcast.broadcastMessage = (packet) => {
      broadcastMessage(packet);
      const kept = this.#kept.get(broadcast);
      if (!kept || !isFrame(packet.flags)) return;
      if (!kept.backlog.add(this.o.createMessage(packet), packet.flags === 3, this.#now()))
        this.#kept.delete(broadcast);
    };
    const postPlay = broadcast.postPlay;
    broadcast.postPlay = (session) => {
      const kept = this.#kept.get(broadcast);
      const name = session.streamName ?? '';
      if (!kept?.backlog.messages.length || kept.served.has(name) || !this.o.fromStart(name))
        return postPlay(session);
      // Synchronous: the library sends the picture group and adds the reader in one go.
      const current = broadcast.rtmpGopCache;
      broadcast.rtmpGopCache = kept.backlog.messages;
      try {
        return postPlay(session);
      } finally {
        broadcast.rtmpGopCache = current;
        kept.served.add(name);
        if (kept.served.size >= kept.readers) this.end(broadcast);
      }
    };
  }
}
