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

/**
 * Publish backlogs (publish-backlog.ts) on node-media-server's broadcasts. A broadcast is patched once,
 * the first time one of its publishes keeps a backlog: each frame it sends its readers is also kept (as
 * the RTMP message a reader is sent: the library's own `createMessage`), and the first reader whose
 * stream name says "from the start" is sent the backlog where other readers get the current picture
 * group; the backlog then goes. The library calls both through the broadcast object, so the patch is the
 * whole of it.
 */
export class StartBacklogs {
  readonly #backlogs = new Map<NmsBroadcast, PublishBacklog>();
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
   * A publish that is to be kept from its start begins on `broadcast`. A publish resumed within its grace
   * continues the backlog of the one it resumes (the library keeps its timeline going).
   */
  begin(broadcast: NmsBroadcast) {
    this.#patch(broadcast);
    if (!this.#backlogs.has(broadcast)) this.#backlogs.set(broadcast, new PublishBacklog(this.#now()));
  }

  /** The publish ended: its backlog goes. */
  end(broadcast: NmsBroadcast | undefined) {
    if (!broadcast) return;
    this.#backlogs.get(broadcast)?.end();
    this.#backlogs.delete(broadcast);
  }

  /** Backlogs being kept now, and their bytes (a process's memory for them). */
  get kept() {
    let bytes = 0;
    for (const backlog of this.#backlogs.values()) bytes += backlog.bytes;
    return { backlogs: this.#backlogs.size, bytes };
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
      const backlog = this.#backlogs.get(broadcast);
      if (!backlog || !isFrame(packet.flags)) return;
      if (!backlog.add(this.o.createMessage(packet), packet.flags === 3, this.#now()))
        this.#backlogs.delete(broadcast);
    };
    const postPlay = broadcast.postPlay;
    broadcast.postPlay = (session) => {
      const backlog = this.#backlogs.get(broadcast);
      if (!backlog?.messages.length || !this.o.fromStart(session.streamName ?? '')) return postPlay(session);
      // Synchronous: the library sends the picture group and adds the reader in one go. One reader gets
      // the backlog: a recording switched off and on again must not record the start a second time.
      const current = broadcast.rtmpGopCache;
      broadcast.rtmpGopCache = backlog.messages;
      try {
        return postPlay(session);
      } finally {
        broadcast.rtmpGopCache = current;
        this.end(broadcast);
      }
    };
  }
}
