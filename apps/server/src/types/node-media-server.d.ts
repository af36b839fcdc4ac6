// node-media-server 4 ships no types; this declares the part we use.
declare module 'node-media-server' {
  export interface NmsSession {
    id: string;
    ip: string;
    streamApp: string;
    streamName: string;
    streamPath: string;
    isPublisher?: boolean;
    /** Bytes received from the peer so far. */
    inBytes?: number;
    broadcast?: {
      publishGraceMs: number;
      subscribers: Map<string, NmsSession>;
      /** 'reconnecting' while a dropped publish waits out its grace. */
      getPublishStatus(): 'publishing' | 'reconnecting' | 'idle';
      /** Ends the publish at once (donePublish), as its grace running out does. */
      _finishPublish(): void;
    };
    /** An RTMP session's connection (net.Socket); `close()` only ends it gracefully. */
    socket?: { destroy(): void };
    close(): void;
  }
  class NodeMediaServer {
    constructor(config: Record<string, unknown>, configPath?: string);
    on(
      event: 'prePublish' | 'postPublish' | 'donePublish' | 'prePlay' | 'postPlay' | 'donePlay',
      listener: (session: NmsSession) => void,
    ): void;
    /** Its JSON store; with `options.signals` it re-raises SIGINT/SIGTERM itself after a flush. */
    store: { options: { signals: boolean } };
    run(): Promise<void>;
    stop(): Promise<void>;
  }
  export default NodeMediaServer;
}
