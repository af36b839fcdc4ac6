import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import type { NmsSession } from 'node-media-server';
import { ReaderAliases } from './reader-aliases';
import { type NmsBroadcast, type NmsPacket, StartBacklogs } from './start-backlogs';

export const RTMP_APP = 'live';
/** An encoder that dropped and did not come back within this is offline (its readers told at once). */
const PUBLISH_GRACE_MS = 1500;
const nmsRequire = createRequire(import.meta.url);
/** node-media-server is loaded when the ingest starts, after the server listens (issue 32, item 5). */
const loadNms = () => ({
  NodeMediaServer: nmsRequire('node-media-server') as typeof import('node-media-server').default,
  logger: nmsRequire('node-media-server/src/core/logger.js') as { level: string },
  context: nmsRequire('node-media-server/src/core/context.js') as { broadcasts: Map<string, unknown> },
  rtmp: nmsRequire('node-media-server/src/protocol/rtmp.js') as { createMessage(p: NmsPacket): Buffer },
});

/**
 * node-media-server's stream table (path -> broadcast), with a reader's alias path standing for its
 * key's path: a reader of /live/<alias> joins the key's broadcast, before or after its publisher came.
 * Every session looks a path up here when it connects, and a broadcast removes itself here when empty.
 */
class AliasedStreams<V> extends Map<string, V> {
  constructor(private readonly aliases: ReaderAliases) {
    super();
  }
  #resolve(path: string) {
    const prefix = `/${RTMP_APP}/`;
    const key = path.startsWith(prefix) ? this.aliases.keyOf(path.slice(prefix.length)) : undefined;
    return key === undefined ? path : `${prefix}${key}`;
  }
  override get(path: string) {
    return super.get(this.#resolve(path));
  }
  override set(path: string, value: V) {
    return super.set(this.#resolve(path), value);
  }
  override has(path: string) {
    return super.has(this.#resolve(path));
  }
  override delete(path: string) {
    return super.delete(this.#resolve(path));
  }
}

export interface IngestHooks {
  /** Synchronous: node-media-server asks before it accepts a publish. */
  mayPublish(streamKey: string, ip: string): boolean;
  /**
   * How long a key's publish that dropped may be resumed by the same address before it ends (readers
   * stay attached and the timeline goes on); PUBLISH_GRACE_MS unless said. The built-in ingest only.
   */
  publishGraceMs?(streamKey: string): number | undefined;
  /**
   * How many recordings will read a key's publish from its first keyframe (`localUrl(key, 'start', id)`):
   * its source's and those of players showing it. Asked when a publish begins; the publish is kept from
   * its first keyframe (start-backlogs.ts) until the answer, and then, when it is not 0, until each was
   * served or the backlog's limits. The built-in ingest only.
   */
  startReaders?(streamKey: string): Promise<number>;
  published(streamKey: string): void;
  unpublished(streamKey: string): void;
}

export interface RtmpIngest {
  port: number;
  /**
   * URL our own ffmpeg processes read a key's stream from: it names the key's alias, not the key. A reader
   * begins at the current picture group; with `from: 'start'` at the publish's first keyframe if the
   * ingest kept it (the built-in ingest, for a key `startReaders` counted, for its first seconds), once
   * per `reader` (the recording's owner).
   */
  localUrl(streamKey: string, from?: 'now' | 'start', reader?: string): string;
  /** URL our own ffmpeg processes publish a key's stream to (the key goes to ffmpeg on a pipe). */
  publishUrl(streamKey: string): string;
  /** Disconnects the publisher of a key (rotated key, maintenance, deleted source, blocked corporation). */
  kick(streamKey: string): void;
  /** The key's publisher leaves on purpose: its publish ends when it drops (or now, if it has), no grace. */
  endWithoutGrace(streamKey: string): void;
  /** Bytes the publisher of a key has sent so far; undefined when nobody publishes it. */
  bytesIn(streamKey: string): number | undefined;
  /** The keys with a publisher on this ingest now. */
  publishing(): string[];
  stop(): Promise<void>;
}

export async function portFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

const WILDCARD = new Set(['0.0.0.0', '::', '']);

/** The address our own processes reach the ingest at: loopback when it listens everywhere, else HOST. */
export function ingestLocalHost(bind: string): string {
  if (WILDCARD.has(bind)) return '127.0.0.1';
  return bind.includes(':') ? `[${bind}]` : bind;
}

/** Only our own processes may pull: loopback, or the one address the ingest is bound to. */
export function isLocalPeer(peer: string, bind: string): boolean {
  const ip = peer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.process(ip);
  if (addr.range() === 'loopback') return true;
  return ipaddr.isValid(bind) && ipaddr.process(bind).toString() === addr.toString();
}

/**
 * RTMP ingest on RTMP_PORT by node-media-server inside our process (ARCHITECTURE section 6). It serves
 * one stream path per source key under /live. Players are only our own ffmpeg processes on loopback.
 * node-media-server keeps global state, so there is one ingest per process.
 */
export async function startRtmpIngest(opts: {
  port: number;
  host: string;
  dataDir: string;
  hooks: IngestHooks;
}): Promise<RtmpIngest> {
  if (!(await portFree(opts.port, opts.host))) {
    // node-media-server would exit the whole process on a busy port; fail with a clear message instead.
    throw new Error(`RTMP_PORT ${opts.port} is already in use: stop the other process or set RTMP_PORT`);
  }
  const { NodeMediaServer, logger: nmsLogger, context: nmsContext, rtmp } = loadNms();
  const nms = new NodeMediaServer({
    bind: opts.host,
    rtmp: { port: opts.port, chunk_size: 60000, gop_cache: true, ping: 30, ping_timeout: 60 },
    store: { path: join(opts.dataDir, 'rtmp-ingest') },
  });
  nmsLogger.level = process.env.NMS_LOG_LEVEL ?? 'warn';
  // Left on, the library's store answers SIGTERM by flushing and signalling the process again with no
  // handler left: the server died of the signal mid-shutdown, its database not closed. Our shutdown
  // stops the ingest (which flushes the store) like everything else.
  nms.store.options.signals = false;
  const aliases = new ReaderAliases();
  nmsContext.broadcasts = new AliasedStreams(aliases);
  const backlogs = new StartBacklogs({
    createMessage: (packet) => rtmp.createMessage(packet),
    fromStart: (name) => aliases.fromStart(name),
  });
  // The library goes on to emit postPublish even for a session closed in prePublish: only sessions we
  // accepted may report live or offline.
  const accepted = new Set<string>();
  const publishers = new Map<string, NmsSession>();
  nms.on('prePublish', (session) => {
    const key = session.streamName;
    // A publisher that drops is "offline" within seconds, not after the library's 30 s resume window.
    if (session.broadcast)
      session.broadcast.publishGraceMs = opts.hooks.publishGraceMs?.(key) ?? PUBLISH_GRACE_MS;
    if (session.streamApp !== RTMP_APP || !opts.hooks.mayPublish(key, session.ip)) {
      session.close();
      return;
    }
    accepted.add(session.id);
    publishers.set(key, session);
    const startReaders = opts.hooks.startReaders;
    if (session.broadcast && startReaders) {
      // Kept while asked (a lookup of milliseconds): the first keyframe comes with the publish.
      const broadcast = session.broadcast as unknown as NmsBroadcast;
      backlogs.begin(broadcast);
      startReaders(key).then(
        (readers) => backlogs.expect(broadcast, readers),
        () => backlogs.expect(broadcast, 0),
      );
    }
  });
  nms.on('postPublish', (session: NmsSession) => {
    if (accepted.has(session.id)) opts.hooks.published(session.streamName);
  });
  nms.on('donePublish', (session: NmsSession) => {
    if (!accepted.delete(session.id)) return;
    if (publishers.get(session.streamName) === session) publishers.delete(session.streamName);
    backlogs.end(session.broadcast as unknown as NmsBroadcast | undefined);
    // The stream is over: our readers (recorder, pushes, program readers) get its end now, as an end of
    // file, instead of waiting for their read time-out. A recorder that timed out ended with an error
    // and lost what it had not written yet (the last GOP).
    for (const reader of session.broadcast?.subscribers.values() ?? []) reader.close();
    opts.hooks.unpublished(session.streamName);
  });
  nms.on('prePlay', (session) => {
    // Only our own processes on this machine may pull a stream.
    if (!isLocalPeer(session.ip, opts.host)) session.close();
  });
  await nms.run();
  return {
    port: opts.port,
    localUrl: (key, from = 'now', reader = '') =>
      `rtmp://${ingestLocalHost(opts.host)}:${opts.port}/${RTMP_APP}/${aliases.aliasOf(key, from, reader)}`,
    publishUrl: (key) => `rtmp://${ingestLocalHost(opts.host)}:${opts.port}/${RTMP_APP}/${key}`,
    // A kicked encoder's connection is reset, not ended: after the library's graceful end ffmpeg went on
    // writing into the half-closed socket for ~400 ms in half the rounds of bench/live-control.ts; reset,
    // it stops within tens of ms. The socket's close still reports donePublish as before.
    kick: (key) => {
      const session = publishers.get(key);
      if (session?.socket) session.socket.destroy();
      else session?.close();
    },
    endWithoutGrace: (key) => {
      const broadcast = publishers.get(key)?.broadcast;
      if (!broadcast) return;
      broadcast.publishGraceMs = 0;
      if (broadcast.getPublishStatus() === 'reconnecting') broadcast._finishPublish();
    },
    bytesIn: (key) => publishers.get(key)?.inBytes,
    publishing: () => [...publishers.keys()],
    stop: () => nms.stop(),
  };
}
