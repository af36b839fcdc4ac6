// The WHIP publishers of bench/whip-publish-cost.ts, in a process of their own (their CPU is not the
// server's). At start it binds two UDP sockets on 127.0.0.1 and tells the parent their ports
// ({ ports: { video, audio } }): one ffmpeg sends a copied H.264 + Opus stream there as RTP, and every
// publisher sends each packet on (werift RTCPeerConnections offering sendonly H.264 + Opus, as OBS's WHIP
// output does). On { add: n } it makes n publishers, each offer to the parent ({ offer, id }, answered by
// { answer, id }), and answers { added: n } once all are connected; { keyframeRequests: true } answers
// how many picture loss indications each publisher got.
import { createSocket } from 'node:dgram';
import { MediaStreamTrack } from 'werift';
import { gatheredOffer, loopbackPeer } from './werift-loopback';

const publishers: { video: MediaStreamTrack; audio: MediaStreamTrack; plis: number }[] = [];
const pending = new Map<number, (sdp: string) => void>();

function socketFor(kind: 'video' | 'audio') {
  const s = createSocket('udp4');
  s.on('message', (p) => {
    if (p[1]! >= 200 && p[1]! <= 204) return; // the feeder's RTCP
    for (const pub of publishers) pub[kind].writeRtp(p);
  });
  return new Promise<number>((resolve) => s.bind(0, '127.0.0.1', () => resolve(s.address().port)));
}

async function publisher(id: number) {
  const pc = loopbackPeer();
  const pub = {
    video: new MediaStreamTrack({ kind: 'video' }),
    audio: new MediaStreamTrack({ kind: 'audio' }),
    plis: 0,
  };
  pc.addTransceiver(pub.video, { direction: 'sendonly' });
  pc.addTransceiver(pub.audio, { direction: 'sendonly' });
  pc.getSenders()[0]!.onPictureLossIndication.subscribe(() => pub.plis++);
  const offer = await gatheredOffer(pc);
  const answer = await new Promise<string>((resolve) => {
    pending.set(id, resolve);
    process.send?.({ offer, id });
  });
  await pc.setRemoteDescription({ type: 'answer', sdp: answer });
  await new Promise<void>((resolve) => {
    if (pc.connectionState === 'connected') return resolve();
    pc.connectionStateChange.subscribe((s) => s === 'connected' && resolve());
  });
  publishers.push(pub);
}

let nextId = 0;
process.on('message', async (m: { add?: number; answer?: string; id?: number; keyframeRequests?: true }) => {
  if (m.answer !== undefined && m.id !== undefined) pending.get(m.id)?.(m.answer);
  if (m.keyframeRequests) process.send?.({ keyframeRequests: publishers.map((p) => p.plis) });
  if (m.add) {
    await Promise.all(Array.from({ length: m.add }, () => publisher(nextId++)));
    process.send?.({ added: m.add });
  }
});
process.on('disconnect', () => process.exit(0));
const [video, audio] = await Promise.all([socketFor('video'), socketFor('audio')]);
process.send?.({ ports: { video, audio } });
