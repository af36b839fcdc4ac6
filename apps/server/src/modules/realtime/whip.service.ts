// WHIP ingest (issue 35 item 2): a WebRTC publisher (OBS 30+, the studio page) goes live on a source of
// type `whip`, its bearer token the source's stream key. The offer is refused, before any peer exists, by
// the rules an RTMP publish meets (unknown or rotated key, maintenance, blocked corporation, live hours,
// region: LiveEngine.mayStart); accepted, the publish is bridged to our RTMP ingest (whip-bridge.ts), where
// the source's session, recording, targets and players take it as any encoder's. The publish ends with
// the DELETE, the peer's end, ten seconds without a picture, or a refusal of the ingest (key rotated).
import { randomUUID } from 'node:crypto';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import type { KeyedSource } from '../live/stream-keys';
import { offeredMedia, type PeerOptions } from './peer-answer';
import { WhipBridge } from './whip-bridge';
import { answerWhipOffer } from './whip-peer';

/** What the live engine answers for a WHIP publish. */
export interface WhipIngestGate {
  source(key: string): KeyedSource | undefined;
  mayStart(key: string): boolean;
  /** Our ingest's URL for the key; undefined on a process that takes no live streams. */
  publishUrl(key: string): string | undefined;
  /** The key a source's encoder publishes with on this process now, if one does. */
  publishingKeyOf(sourceId: string): string | undefined;
  /** The publish of a key ends on purpose: offline once its bridge is gone, without a restart's grace. */
  endPublishNow(key: string): void;
}

/** A keyframe every segment length: the source's HLS and recording can cut only at one. */
const KEYFRAME_EVERY_MS = 2000;
/**
 * A viewer joining a real-time player of the source asks the publisher for a keyframe (the picture is
 * copied, so the viewer's first picture otherwise waits for the next regular one, up to 2 s); many
 * viewers joining at once make one request per this many ms, not a keyframe each.
 */
const JOIN_KEYFRAME_GAP_MS = 500;
/** A publisher whose picture stopped this long is gone (its peer may not have said so yet). */
const SILENT_MS = 10_000;
/** What we let a publisher send (REMB): a 1080p30 picture with room to spare. */
const MAX_BITRATE = 8_000_000;

interface Publish {
  key: string;
  sourceId: string;
  end: (why: string) => void;
  keyframe: () => void;
}

/** The stream key of `Authorization: Bearer <key>`, if the header is one. */
const bearerKey = (authorization: string | undefined) => /^Bearer ([^\s]+)$/.exec(authorization ?? '')?.[1];

const keyOf = (authorization: string | undefined) => {
  const key = bearerKey(authorization);
  if (!key)
    throw new AppError('STREAM_KEY_INVALID', 'Send the source stream key as Authorization: Bearer <key>');
  return key;
};

export class WhipService {
  readonly #publishes = new Map<string, Publish>();

  constructor(
    private readonly gate: WhipIngestGate,
    private readonly ffmpegPath: string,
    private readonly peer: Omit<PeerOptions, 'onClose'>,
    private readonly log: { info(o: object, m: string): void; warn(o: object, m: string): void },
  ) {}

  get size() {
    return this.#publishes.size;
  }

  async offer(authorization: string | undefined, sdp: string) {
    const key = keyOf(authorization);
    const source = this.gate.source(key);
    if (!source)
      throw new AppError('STREAM_KEY_INVALID', 'Unknown stream key (rotated, or the source was deleted)');
    if (source.type !== 'whip')
      throw conflict(`This source takes ${source.type}, not WHIP: publish to a WebRTC (WHIP) source`);
    if (!offeredMedia(sdp, 'send').some((m) => m.kind === 'video'))
      throw badRequest('offer', 'No sendable H.264 (packetization mode 1) video section');
    const output = this.gate.publishUrl(key);
    if (!output) throw new AppError('FEATURE_UNAVAILABLE', 'This server process takes no live streams');
    if (!this.gate.mayStart(key))
      throw new AppError(
        'PUBLISH_REFUSED',
        'The source may not go live now (maintenance, a blocked account or live hours used up)',
      );
    // A publisher that offers again (a reload, OBS reconnecting) replaces its own earlier publish here;
    // its bridge's RTMP publish may linger a moment, which the new bridge's retries wait out.
    const own = [...this.#publishes].filter(([, p]) => p.key === key);
    if (own.length === 0 && this.gate.publishingKeyOf(source.id) !== undefined)
      throw new AppError('ALREADY_LIVE', 'Another encoder publishes to this source');
    for (const [resource] of own) this.#end(resource, 'replaced');
    return this.#start(key, source.id, sdp, output);
  }

  async #start(key: string, sourceId: string, sdp: string, output: string) {
    const resource = randomUUID();
    let bridge: WhipBridge | undefined;
    let ended = false;
    const timers: NodeJS.Timeout[] = [];
    let peer: Awaited<ReturnType<typeof answerWhipOffer>> | undefined;
    const end = (why: string) => {
      if (ended) return;
      ended = true;
      for (const t of timers) clearInterval(t);
      this.#publishes.delete(resource);
      // Unless another publish of the same key replaces this one (a reload), which resumes it.
      if (why !== 'replaced') this.gate.endPublishNow(key);
      // The peer after the bridge: its packets let ffmpeg see the stop (whip-bridge.ts, `close`).
      const closing = bridge?.close() ?? Promise.resolve();
      void closing.finally(() => peer?.close());
      this.log.info({ sourceId, why }, 'WHIP publish ended');
    };
    peer = await answerWhipOffer(sdp, {
      ...this.peer,
      maxBitrate: MAX_BITRATE,
      onRtp: (kind, packet, pt) => bridge?.forward(kind, packet, pt),
      onClose: () => end('peer closed'),
    }).catch((err: Error) => {
      throw badRequest('offer', err.message);
    });
    const p = peer;
    bridge = await WhipBridge.open({
      ffmpegPath: this.ffmpegPath,
      output,
      payloadTypes: p.streams,
      label: `whip ${sourceId}`,
      onSpawned: () => setTimeout(() => p.requestKeyframe(), 300).unref(),
      // Kicked by the ingest (key rotated, source deleted, maintenance): the publish ends with it.
      onExit: () => {
        if (!this.gate.mayStart(key)) end('refused by the ingest');
      },
    }).catch((err: Error) => {
      p.close();
      throw err;
    });
    const started = Date.now();
    let askedAt = 0;
    const keyframe = (gapMs: number) => {
      if (Date.now() - askedAt < gapMs) return;
      askedAt = Date.now();
      p.requestKeyframe();
    };
    timers.push(setInterval(() => keyframe(0), KEYFRAME_EVERY_MS));
    timers.push(
      setInterval(() => {
        const last = bridge!.lastVideoAt || started;
        if (Date.now() - last > SILENT_MS) end('no picture');
      }, 1000),
    );
    for (const t of timers) t.unref();
    this.#publishes.set(resource, { key, sourceId, end, keyframe: () => keyframe(JOIN_KEYFRAME_GAP_MS) });
    if (ended) end('peer closed');
    this.log.info({ sourceId }, 'WHIP publish started');
    return { answer: p.answer, resource };
  }

  #end(resource: string, why: string) {
    this.#publishes.get(resource)?.end(why);
  }

  /** A real-time viewer of the source joined: its publisher here is asked for a keyframe now. */
  keyframeFor(sourceId: string) {
    for (const p of this.#publishes.values()) if (p.sourceId === sourceId) p.keyframe();
  }

  /** The WHIP source a bearer token is the key of (undefined: none, or not WHIP: refused by `offer`). */
  sourceOfBearer(authorization: string | undefined): string | undefined {
    const key = bearerKey(authorization);
    const source = key ? this.gate.source(key) : undefined;
    return source?.type === 'whip' ? source.id : undefined;
  }

  /** Whether the source is published on this process (over WHIP or any way the ingest takes). */
  publishingHere(sourceId: string) {
    return (
      this.gate.publishingKeyOf(sourceId) !== undefined ||
      [...this.#publishes.values()].some((p) => p.sourceId === sourceId)
    );
  }

  hasResource(resource: string) {
    return this.#publishes.has(resource);
  }

  /** DELETE on the WHIP resource, with the same bearer token: the publish ends, the source goes offline. */
  end(resource: string, authorization: string | undefined) {
    const key = keyOf(authorization);
    const p = this.#publishes.get(resource);
    if (!p || p.key !== key) throw notFound('WHIP resource');
    p.end('ended by the publisher');
  }

  closeAll() {
    for (const resource of [...this.#publishes.keys()]) this.#end(resource, 'server stopping');
  }
}
