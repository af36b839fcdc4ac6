// The bridge of one WHIP publish (issue 35 item 2): the publisher's RTP, as the peer hands it over, goes
// to the two loopback UDP ports an ffmpeg reads (packages/media/src/whip-args.ts), which publishes to our
// RTMP ingest with the source's key. From there the stream is an encoder's like any other. The ffmpeg is
// supervised: killed, it starts again on the same ports and the peer asks the publisher for a keyframe.
import { createSocket, type Socket } from 'node:dgram';
import { ProcessSupervisor } from '@stromwerk/media/supervisor';
import { whipBridge } from '@stromwerk/media/whip-args';
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

/** The length of an RTP packet's payload without its padding; -1 when it is not RTP version 2. */
export function rtpPayloadLength(p: Buffer): number {
  if (p.length < 12 || p[0]! >> 6 !== 2) return -1;
  let offset = 12 + 4 * (p[0]! & 0x0f);
  if (p[0]! & 0x10) {
    if (p.length < offset + 4) return -1;
    offset += 4 + 4 * p.readUInt16BE(offset + 2);
  }
  const padding = p[0]! & 0x20 ? p[p.length - 1]! : 0;
  return p.length - offset - padding;
}

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
  ) {}

  /** When the last picture packet came (ms since the epoch); 0 before the first. */
  lastVideoAt = 0;

  static async open(o: WhipBridgeOptions): Promise<WhipBridge> {
    const video = await freeUdpPair();
    const audio = o.payloadTypes.audio === undefined ? undefined : await freeUdpPair();
    const socket = await bindUdp(0);
    const supervisor = new ProcessSupervisor({
      command: o.ffmpegPath,
      label: o.label,
      backoffInitialMs: 200,
      backoffMaxMs: 2000,
      stallTimeoutMs: 10_000,
    });
    supervisor.on('spawned', () => o.onSpawned?.());
    supervisor.on('exit', (exit) => o.onExit?.(exit.lastError));
    const bridge = new WhipBridge(socket, { video, audio }, supervisor);
    const streams = {
      video: { port: video, payloadType: o.payloadTypes.video },
      ...(audio === undefined ? {} : { audio: { port: audio, payloadType: o.payloadTypes.audio! } }),
    };
    supervisor.start(whipBridge({ streams, output: o.output }));
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
    if ((packet[1]! & 0x7f) !== payloadType || rtpPayloadLength(packet) <= 0) return;
    if (kind === 'video') this.lastVideoAt = Date.now();
    this.socket.send(packet, port, LOOPBACK);
  }

  private closed = false;

  async close() {
    if (this.closed) return;
    this.closed = true;
    this.socket.close();
    await this.supervisor.stop();
  }
}
