// The server side of bench/webrtc-cost.ts, in a process of its own so that /proc gives its CPU alone.
// It receives the program as RTP (H.264 on one UDP port, Opus on another, bound by the OS on 127.0.0.1)
// and forwards every packet, unchanged but for SSRC/PT/sequence as each stack rewrites them, to its
// viewers. argv[2] is the stack:
//   werift      one werift RTCPeerConnection per viewer (WHEP style: the viewer offers recvonly, we answer)
//   datachannel the server's WHEP peer (modules/realtime, node-datachannel) per viewer, same signalling
//   udp         no WebRTC: each packet sent as-is to each viewer's plain UDP port (the floor of a relay)
// Talks to the parent over IPC: sends { ports }, then answers { offer, id } with { answer, id }, takes
// { udpViewer: port } in udp mode, and answers { stats } with the packets it received.
import { createSocket } from 'node:dgram';
import { RtpProgramSource } from '../../apps/server/src/modules/realtime/rtp-program-source';
import { answerWhepOffer } from '../../apps/server/src/modules/realtime/whep-peer';

type Msg = { offer?: string; id?: number; udpViewer?: number; stats?: true };
type Viewer = { video(p: Buffer): void; audio(p: Buffer): void };

const stack = process.argv[2] ?? 'werift';
const viewers: Viewer[] = [];
let received = 0;

/** The server's own RTP intake; every stack's viewers subscribe to it (the datachannel ones through the
 * server's own WHEP peer, apps/server/src/modules/realtime/whep-peer.ts). */
const source = new RtpProgramSource();
source.subscribe(() => received++);
source.subscribe((kind, p) => {
  for (const v of viewers) v[kind](p);
});

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

async function main() {
  const out = createSocket('udp4');
  const { video, audio } = await source.listen('127.0.0.1');
  process.on('message', async (m: Msg) => {
    if (m.stats) return process.send?.({ stats: { received, viewers: viewers.length } });
    if (m.udpViewer) {
      const port = m.udpViewer;
      const relay = (p: Buffer) => out.send(p, port, '127.0.0.1');
      viewers.push({ video: relay, audio: relay });
      return process.send?.({ udpViewerAdded: port });
    }
    if (m.offer) {
      const answer =
        stack === 'datachannel'
          ? (await answerWhepOffer(m.offer, source, { bindAddress: '127.0.0.1' })).answer
          : await weriftViewer(m.offer);
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
