// The program as RTP, as a WHEP viewer takes it (issue 35): ffmpeg sends H.264 (no B-frames) to one UDP
// port and Opus to another, both bound by the OS on a loopback address; every packet goes to every
// subscriber, renumbered only across writer restarts (rtp-continuity.ts). RTCP from ffmpeg (sender
// reports, payload types 200-204) is dropped, and the viewers' peers send none either: a browser plays
// picture and sound as they arrive, not aligned by sender reports (docs/architecture.md, "Real time").
import { createSocket, type Socket } from 'node:dgram';
import { RTP_RECEIVE_BUFFER_BYTES } from '@stromwerk/media/rtp-args';
import { udpSenderOwner } from '../../plugins/socket-owner';
import { RtpContinuity } from './rtp-continuity';
import { RtpSenderGate } from './rtp-sender-gate';

export type RtpKind = 'video' | 'audio';
export type RtpSink = (kind: RtpKind, packet: Buffer) => void;

const isRtcp = (p: Buffer) => p.length > 1 && p[1]! >= 200 && p[1]! <= 204;
const CLOCK_RATE: Record<RtpKind, number> = { video: 90_000, audio: 48_000 };

export class RtpProgramSource {
  private readonly sinks = new Set<RtpSink>();
  private readonly sockets: Socket[] = [];
  ports: Record<RtpKind, number> = { video: 0, audio: 0 };
  /** Only the server's own user's sockets feed the program (rtp-sender-gate.ts). */
  readonly gate: RtpSenderGate;

  constructor(ownerOf: (port: number) => Promise<number | null> = udpSenderOwner) {
    this.gate = new RtpSenderGate(ownerOf);
  }

  /** Binds the two ports (the OS chooses them) on `host`, a loopback address. */
  async listen(host = '127.0.0.1'): Promise<Record<RtpKind, number>> {
    for (const kind of ['video', 'audio'] as const) {
      const sock = createSocket('udp4');
      const continuity = new RtpContinuity(CLOCK_RATE[kind]);
      const forward = (p: Buffer) => {
        continuity.apply(p);
        for (const sink of this.sinks) sink(kind, p);
      };
      sock.on('message', (p, from) => {
        if (!isRtcp(p)) this.gate.admit(from.port, p, forward);
      });
      this.sockets.push(sock);
      this.ports[kind] = await new Promise<number>((resolve, reject) => {
        sock.once('error', reject);
        sock.bind(0, host, () => {
          enlargeReceiveBuffer(sock);
          resolve(sock.address().port);
        });
      });
    }
    return this.ports;
  }

  /** Adds a sink; the returned function removes it. */
  subscribe(sink: RtpSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  close() {
    for (const s of this.sockets) s.close();
    this.sockets.length = 0;
    this.sinks.clear();
  }
}

/** As large a receive buffer as the kernel allows; the default where it refuses. */
export function enlargeReceiveBuffer(sock: Socket, bytes = RTP_RECEIVE_BUFFER_BYTES) {
  try {
    sock.setRecvBufferSize(bytes);
  } catch {
    // Left at the system's default.
  }
}
