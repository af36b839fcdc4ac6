import { createSocket } from 'node:dgram';
import { MediaStreamTrack } from 'werift';
import { enlargeReceiveBuffer } from '../../src/modules/realtime/rtp-program-source';
import { ffmpeg } from './media';
import { loopbackOnly, loopbackPeer, offerGathered } from './whep-viewer';

/**
 * A WHIP publisher for media tests (issue 35 item 2), as OBS's WHIP output is: a werift peer offering
 * sendonly H.264 (constrained baseline, no B-frames, a keyframe every 2 s as a browser answering our keyframe requests sends) and Opus on
 * 127.0.0.1 only. `start` runs a real encoder (ffmpeg, 720p30 test picture with a tone) whose RTP the peer
 * sends on.
 */
export async function whipPublisher() {
  const pc = loopbackPeer();
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  // The picture's RTP timestamps sent so far (90 kHz): how much media the encoder really produced, which
  // a loaded machine makes less than the wall clock's time.
  let firstTs: number | undefined;
  let lastTs = 0;
  const sockets = await Promise.all(
    [video, audio].map(
      (track) =>
        new Promise<ReturnType<typeof createSocket>>((resolve) => {
          const s = createSocket('udp4');
          s.on('message', (p) => {
            if (p[1]! >= 200 && p[1]! <= 204) return;
            if (track === video && p.length >= 12) {
              lastTs = p.readUInt32BE(4);
              firstTs ??= lastTs;
            }
            track.writeRtp(p);
          });
          // OBS encodes in its own process; this encoder's RTP comes into the test's event loop, shared
          // with the server under test. At the default 208 kB a loaded run dropped its packets here (this
          // socket alone, sampled from /proc/net/udp, queue at 150-210 kB), so the publisher sent broken
          // keyframes and a CI run's WHEP viewer saw no picture for 15 s. It gets the server's RTP buffer.
          s.bind(0, '127.0.0.1', () => {
            enlargeReceiveBuffer(s);
            resolve(s);
          });
        }),
    ),
  );
  await offerGathered(pc);
  const [vport, aport] = sockets.map((s) => s.address().port);
  let encoder: ReturnType<typeof ffmpeg> | undefined;
  return {
    pc,
    offer: loopbackOnly(pc.localDescription!.sdp),
    answer: (sdp: string) => pc.setRemoteDescription({ type: 'answer', sdp: loopbackOnly(sdp) }),
    /** Seconds of picture sent so far (by its timestamps, not the wall clock). */
    sentSeconds: () => (firstTs === undefined ? 0 : ((lastTs - firstTs) >>> 0) / 90_000),
    /** The encoder starts sending for `seconds`. */
    start(seconds = 60) {
      encoder = ffmpeg([
        ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
        ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
        ...['-t', String(seconds), '-map', '0:v'],
        ...['-c:v', 'libx264', '-profile:v', 'baseline', '-preset', 'veryfast', '-tune', 'zerolatency'],
        ...['-g', '60', '-b:v', '2500k', '-pix_fmt', 'yuv420p'],
        ...['-f', 'rtp', `rtp://127.0.0.1:${vport}?pkt_size=1200`],
        ...['-map', '1:a', '-c:a', 'libopus', '-b:a', '96k', '-f', 'rtp', `rtp://127.0.0.1:${aport}`],
      ]);
      return encoder;
    },
    close() {
      encoder?.kill('SIGKILL');
      for (const s of sockets) s.close();
      return pc.close();
    },
  };
}
