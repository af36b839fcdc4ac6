// The viewers of bench/webrtc-cost.ts, in a process of their own (their CPU is not the server's).
// On { add: n, udp?: true } it makes n viewers: werift RTCPeerConnections that offer recvonly H.264 +
// Opus WHEP style (the offer goes to the parent, which hands it to the forwarder and brings back
// { answer, id }), or plain UDP sockets (the parent gets { udpPorts }). Each counts the RTP packets it
// receives and whether an H.264 IDR slice (NAL 5, alone or in a FU-A/STAP-A) came; { stats } answers with
// those counts.
import { createSocket } from 'node:dgram';
import { gatheredOffer, loopbackPeer } from './werift-loopback';

type Count = { packets: number; video: number; idr: boolean };
const counts: Count[] = [];
const pending = new Map<number, (sdp: string) => void>();

/** True when an H.264 RTP payload carries (the start of) an IDR slice. */
export function carriesIdr(payload: Buffer): boolean {
  const nal = payload[0]! & 0x1f;
  if (nal === 5) return true;
  if (nal === 28) return (payload[1]! & 0x1f) === 5 && (payload[1]! & 0x80) !== 0; // FU-A start
  if (nal === 24) {
    for (let i = 1; i + 2 < payload.length; ) {
      const size = payload.readUInt16BE(i);
      if ((payload[i + 2]! & 0x1f) === 5) return true;
      i += 2 + size;
    }
  }
  return false;
}

async function webrtcViewer(id: number): Promise<void> {
  const count: Count = { packets: 0, video: 0, idr: false };
  counts.push(count);
  const pc = loopbackPeer();
  pc.connectionStateChange.subscribe((s) => process.env.BENCH_DEBUG && console.error(`viewer ${id}: ${s}`));
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((rtp) => {
      count.packets++;
      if (track.kind !== 'video') return;
      count.video++;
      if (!count.idr && carriesIdr(rtp.payload)) count.idr = true;
    });
  });
  const offer = await gatheredOffer(pc);
  const answer = await new Promise<string>((resolve) => {
    pending.set(id, resolve);
    process.send?.({ offer, id });
  });
  await pc.setRemoteDescription({ type: 'answer', sdp: answer });
}

function udpViewer(): Promise<number> {
  const count: Count = { packets: 0, video: 0, idr: false };
  counts.push(count);
  const sock = createSocket('udp4');
  sock.on('message', () => count.packets++);
  return new Promise((resolve) => sock.bind(0, '127.0.0.1', () => resolve(sock.address().port)));
}

let nextId = 0;
process.on(
  'message',
  async (m: { add?: number; udp?: boolean; answer?: string; id?: number; stats?: true }) => {
    if (m.answer !== undefined && m.id !== undefined) pending.get(m.id)?.(m.answer);
    if (m.stats) process.send?.({ stats: counts.map((c) => ({ ...c })) });
    if (m.add && m.udp) {
      const ports = await Promise.all(Array.from({ length: m.add }, udpViewer));
      process.send?.({ udpPorts: ports });
    } else if (m.add) {
      await Promise.all(Array.from({ length: m.add }, () => webrtcViewer(nextId++)));
      process.send?.({ added: m.add });
    }
  },
);
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
