// The server side of bench/webrtc-cost.ts, in a process of its own so that /proc gives its CPU alone.
// It receives the program as RTP (H.264 on one UDP port, Opus on another, bound by the OS on 127.0.0.1)
// and forwards every packet, unchanged but for SSRC/PT/sequence as each stack rewrites them, to its
// viewers. argv[2] is the stack:
//   werift      one werift RTCPeerConnection per viewer (WHEP style: the viewer offers recvonly, we answer)
//   datachannel one node-datachannel (libdatachannel) PeerConnection per viewer, same signalling
//   udp         no WebRTC: each packet sent as-is to each viewer's plain UDP port (the floor of a relay)
// Talks to the parent over IPC: sends { ports }, then answers { offer, id } with { answer, id }, takes
// { udpViewer: port } in udp mode, and answers { stats } with the packets it received.
import { createSocket } from 'node:dgram';

type Msg = { offer?: string; id?: number; udpViewer?: number; stats?: true };
type Viewer = { video(p: Buffer): void; audio(p: Buffer): void };

const stack = process.argv[2] ?? 'werift';
const viewers: Viewer[] = [];
let received = 0;

const isRtcp = (p: Buffer) => p.length > 1 && p[1]! >= 200 && p[1]! <= 204; // ffmpeg's sender reports

function listen(kind: 'video' | 'audio'): Promise<number> {
  const sock = createSocket('udp4');
  sock.on('message', (p) => {
    if (isRtcp(p)) return;
    received++;
    for (const v of viewers) v[kind](p);
  });
  return new Promise((resolve) => sock.bind(0, '127.0.0.1', () => resolve(sock.address().port)));
}

async function weriftViewer(offer: string): Promise<string> {
  const w = await import('werift');
  const pc = new w.RTCPeerConnection({
    codecs: {
      video: [
        w.useH264({ parameters: 'profile-level-id=42e01f;packetization-mode=1;level-asymmetry-allowed=1' }),
      ],
      audio: [w.useOPUS()],
    },
    // Loopback only: werift leaves internal interfaces out of its host candidates, so 127.0.0.1 is added
    // and the sockets are bound to it; pairs with any other address are never checked.
    iceInterfaceAddresses: { udp4: '127.0.0.1' },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceFilterCandidatePair: (pair) => pair.remoteCandidate.host === '127.0.0.1',
    iceUseIpv6: false,
  });
  await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  const tracks: Record<string, InstanceType<typeof w.MediaStreamTrack>> = {};
  for (const t of pc.getTransceivers()) {
    const track = new w.MediaStreamTrack({ kind: t.kind as 'video' | 'audio' });
    t.setDirection('sendonly');
    await t.sender.replaceTrack(track);
    tracks[t.kind] = track;
  }
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(() => pc.iceGatheringState === 'complete', pc.iceGatheringStateChange);
  viewers.push({ video: (p) => tracks.video?.writeRtp(p), audio: (p) => tracks.audio?.writeRtp(p) });
  return pc.localDescription!.sdp;
}

function gathered(done: () => boolean, ev: { subscribe(f: () => void): unknown }): Promise<void> {
  return new Promise((resolve) => {
    if (done()) return resolve();
    ev.subscribe(() => done() && resolve());
  });
}

/** A copy of the packet with the negotiated payload type and this viewer's SSRC (libdatachannel sends as is). */
function rewrite(p: Buffer, pt: number, ssrc: number): Buffer {
  const out = Buffer.from(p);
  out[1] = (out[1]! & 0x80) | pt;
  out.writeUInt32BE(ssrc, 8);
  return out;
}

async function datachannelViewer(offer: string): Promise<string> {
  const ndc = await import('node-datachannel');
  const pc = new ndc.PeerConnection('viewer', {
    iceServers: [],
    bindAddress: '127.0.0.1',
    enableIceUdpMux: false,
  });
  const byMid = new Map<string, { kind: 'video' | 'audio'; pt: number }>();
  for (const m of offer.split(/\r?\nm=/).slice(1)) {
    const kind = m.startsWith('video') ? 'video' : 'audio';
    const mid = /a=mid:(\S+)/.exec(m)?.[1] ?? '';
    const codec = kind === 'video' ? /a=rtpmap:(\d+) H264\/90000/i : /a=rtpmap:(\d+) opus\/48000/i;
    const pt = Number(codec.exec(m)?.[1]);
    byMid.set(mid, { kind, pt });
  }
  const send: Partial<Record<'video' | 'audio', (p: Buffer) => void>> = {};
  let ssrc = 0x1000 + viewers.length * 2;
  for (const [mid, { kind, pt }] of byMid) {
    const media = (() => {
      if (kind === 'audio') {
        const a = new ndc.Audio(mid, 'SendOnly');
        a.addOpusCodec(pt);
        return a;
      }
      const v = new ndc.Video(mid, 'SendOnly');
      v.addH264Codec(pt);
      return v;
    })();
    const mine = ++ssrc;
    media.addSSRC(mine, 'stromwerk', 'program', kind);
    const track = pc.addTrack(media);
    send[kind] = (p) => {
      if (track.isOpen()) track.sendMessageBinary(rewrite(p, pt, mine));
    };
  }
  const answer = new Promise<string>((resolve) => {
    pc.onGatheringStateChange((s) => {
      if (s === 'complete') resolve(pc.localDescription()!.sdp);
    });
  });
  pc.setRemoteDescription(offer, 'offer');
  const sdp = await answer;
  viewers.push({ video: (p) => send.video?.(p), audio: (p) => send.audio?.(p) });
  return sdp;
}

async function main() {
  const out = createSocket('udp4');
  const [video, audio] = await Promise.all([listen('video'), listen('audio')]);
  process.on('message', async (m: Msg) => {
    if (m.stats) return process.send?.({ stats: { received, viewers: viewers.length } });
    if (m.udpViewer) {
      const port = m.udpViewer;
      const relay = (p: Buffer) => out.send(p, port, '127.0.0.1');
      viewers.push({ video: relay, audio: relay });
      return process.send?.({ udpViewerAdded: port });
    }
    if (m.offer) {
      const answer = stack === 'datachannel' ? await datachannelViewer(m.offer) : await weriftViewer(m.offer);
      process.send?.({ answer, id: m.id });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ ports: { video, audio }, pid: process.pid });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
