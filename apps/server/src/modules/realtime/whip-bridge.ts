// The bridge of one WHIP publish (issue 35 item 2): the publisher's RTP, as the peer hands it over, goes
// to the two loopback UDP ports an ffmpeg reads (packages/media/src/whip-args.ts), which publishes to our
// RTMP ingest with the source's key. From there the stream is an encoder's like any other. The ffmpeg is
// supervised: killed, it starts again on the same ports and the peer asks the publisher for a keyframe.
import { createSocket, type Socket } from 'node:dgram';
import { ProcessSupervisor } from '@stromwerk/media/supervisor';
import { whipBridge } from '@stromwerk/media/whip-args';
import { ParameterSetWatch } from './h264-parameter-sets';
import type { MediaKind } from './peer-answer';

const LOOPBACK = '127.0.0.1';

const bindUdp = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const s = createSocket('udp4');
    s.once('error', reject);
    s.bind(port, LOOPBACK, () => resolve(s));
  });

/** A port P, with P + 1 (ffmpeg's RTCP port) free too at the moment of asking. */
export async function freeUdpPair(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = await bindUdp(0);
    const port = first.address().port;
    const second = port < 65535 ? await bindUdp(port + 1).catch(() => null) : null;
    first.close();
    second?.close();
    if (second) return port;
  }
  throw new Error('No free UDP port pair on loopback');
}

const isRtcp = (p: Buffer) => p.length >= 8 && p[1]! >= 200 && p[1]! <= 204;

/** The payload of an RTP packet without header, CSRCs, extension and padding; null when not RTP version 2. */
export function rtpPayload(p: Buffer): Buffer | null {
  if (p.length < 12 || p[0]! >> 6 !== 2) return null;
  let offset = 12 + 4 * (p[0]! & 0x0f);
  if (p[0]! & 0x10) {
    if (p.length < offset + 4) return null;
    offset += 4 + 4 * p.readUInt16BE(offset + 2);
  }
  const padding = p[0]! & 0x20 ? p[p.length - 1]! : 0;
  const end = p.length - padding;
  return end >= offset ? p.subarray(offset, end) : null;
}

/** How long a bridge's first ffmpeg waits for the publisher's parameter sets; then it starts without. */
const FIRST_PARAMETER_SETS_MS = 5000;

export interface WhipBridgeOptions {
  ffmpegPath: string;
  /** Our ingest's RTMP URL with the source's key. */
  output: string;
  payloadTypes: { video: number; audio?: number };
  label: string;
  /** A new ffmpeg started (the first or after a crash): ask the publisher for a keyframe. */
  onSpawned?: () => void;
  /** ffmpeg's last error when it exits (the caller decides whether the publish goes on). */
  onExit?: (reason: string | null) => void;
}

export class WhipBridge {
  private constructor(
    private readonly socket: Socket,
    private readonly ports: { video: number; audio?: number },
    readonly supervisor: ProcessSupervisor,
    private readonly parameterSets: ParameterSetWatch,
  ) {}

  /** When the last picture packet came (ms since the epoch); 0 before the first. */
  lastVideoAt = 0;

  static async open(o: WhipBridgeOptions): Promise<WhipBridge> {
    const video = await freeUdpPair();
    const audio = o.payloadTypes.audio === undefined ? undefined : await freeUdpPair();
    const socket = await bindUdp(0);
    const parameterSets = new ParameterSetWatch();
    // Every ffmpeg is told the publisher's latest parameter sets. The first waits a moment for them (a
    // publisher's first picture is a keyframe with them, and the peer asks for more every 2 s): started
    // without, its probe must catch a keyframe in time, and on a saturated machine one that did not
    // failed after its publish had begun, a source live and offline again within a second.
    const command = async () => {
      const sets = parameterSets.known ?? (await parameterSets.whenKnown(FIRST_PARAMETER_SETS_MS));
      const streams = {
        video: { port: video, payloadType: o.payloadTypes.video, parameterSets: sets },
        ...(audio === undefined ? {} : { audio: { port: audio, payloadType: o.payloadTypes.audio! } }),
      };
      return whipBridge({ streams, output: o.output });
    };
    const supervisor = new ProcessSupervisor({
      command: o.ffmpegPath,
      label: o.label,
      backoffInitialMs: 200,
      backoffMaxMs: 2000,
      stallTimeoutMs: 10_000,
      // A publisher that stopped sending before its DELETE (the studio page stops its tracks first) leaves
      // ffmpeg blocked in its read, deaf to one SIGTERM: it is killed after this, not the default 3 s
      // (Stop live made the source offline 3.1 s later). With packets flowing it exits within 0.3 s.
      graceMs: 1000,
      prepare: command,
    });
    supervisor.on('spawned', () => o.onSpawned?.());
    supervisor.on('exit', (exit) => o.onExit?.(exit.lastError));
    const bridge = new WhipBridge(socket, { video, audio }, supervisor, parameterSets);
    // The arguments given here are replaced by `command` before each start.
    supervisor.start([]);
    return bridge;
  }

  /**
   * One packet of the publisher: RTCP to ffmpeg's RTCP port (its sender reports keep sound and picture
   * in step), RTP of the agreed payload type with a payload to its RTP port; padding-only packets (the
   * publisher's bandwidth probes) and anything else are dropped.
   */
  forward(kind: MediaKind, packet: Buffer, payloadType: number) {
    const port = this.ports[kind];
    if (port === undefined || this.closed) return;
    if (isRtcp(packet)) return void this.socket.send(packet, port + 1, LOOPBACK);
    if ((packet[1]! & 0x7f) !== payloadType) return;
    const payload = rtpPayload(packet);
    if (!payload || payload.length === 0) return;
    if (kind === 'video') {
      this.lastVideoAt = Date.now();
      this.parameterSets.see(payload);
    }
    this.socket.send(packet, port, LOOPBACK);
  }

  private closed = false;
  private closing: Promise<void> | undefined;

  /**
   * Stops ffmpeg while the publisher's packets still reach it, then the forwarding: ffmpeg acts on
   * SIGTERM between two packets, and one left without packets stayed blocked in its read until the
   * supervisor's SIGKILL 3 s later (the publish ended that much later, its last packets lost).
   */
  close(): Promise<void> {
    this.closing ??= this.supervisor.stop().finally(() => {
      this.closed = true;
      this.socket.close();
    });
    return this.closing;
  }
}
