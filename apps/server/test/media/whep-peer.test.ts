import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { RTCPeerConnection, useH264, useOPUS } from 'werift';
import { RtpProgramSource } from '../../src/modules/realtime/rtp-program-source';
import { answerWhepOffer } from '../../src/modules/realtime/whep-peer';

/**
 * The WHEP peer with real media (issue 35): ffmpeg encodes H.264 constrained baseline without B-frames
 * and Opus, sends them as RTP to the program source's ports (chosen by the OS on 127.0.0.1); a werift
 * viewer offers recvonly, our node-datachannel peer answers, and the viewer's H.264 packets, put back
 * into an Annex B stream from the first parameter set on, decode in ffprobe starting with a keyframe.
 */
const work = mkdtempSync(join(tmpdir(), 'stromwerk-whep-'));
const source = new RtpProgramSource();
let encoder: ChildProcess | undefined;
afterAll(() => {
  encoder?.kill('SIGKILL');
  source.close();
  rmSync(work, { recursive: true, force: true });
});

const START = Buffer.from([0, 0, 0, 1]);
/** The NAL units of one H.264 RTP payload (RFC 6184: single NAL, STAP-A, FU-A), FU-A fragments joined. */
function depacketize(payload: Buffer, fu: { parts: Buffer[] }): Buffer[] {
  const type = payload[0]! & 0x1f;
  if (type >= 1 && type <= 23) return [payload];
  if (type === 24) {
    const out: Buffer[] = [];
    for (let i = 1; i + 2 <= payload.length; ) {
      const size = payload.readUInt16BE(i);
      out.push(payload.subarray(i + 2, i + 2 + size));
      i += 2 + size;
    }
    return out;
  }
  if (type === 28) {
    const start = (payload[1]! & 0x80) !== 0;
    const end = (payload[1]! & 0x40) !== 0;
    if (start) fu.parts = [Buffer.from([(payload[0]! & 0xe0) | (payload[1]! & 0x1f)])];
    if (fu.parts.length) fu.parts.push(payload.subarray(2));
    if (end && fu.parts.length) {
      const nal = Buffer.concat(fu.parts);
      fu.parts = [];
      return [nal];
    }
  }
  return [];
}

it('forwards the program to a WHEP viewer: H.264 that decodes from a keyframe, and Opus', async () => {
  const ports = await source.listen('127.0.0.1');
  const rtp = (port: number, pt: number) => [
    ...['-f', 'rtp', '-payload_type', String(pt), '-pkt_size', '1200'],
    `rtp://127.0.0.1:${port}?rtcpport=${port}`,
  ];
  encoder = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '20'],
    ...['-map', '0:v', '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'baseline', '-bf', '0'],
    ...['-g', '30', '-x264-params', 'repeat-headers=1', '-pix_fmt', 'yuv420p', ...rtp(ports.video, 96)],
    ...['-map', '1:a', '-c:a', 'libopus', '-ac', '2', ...rtp(ports.audio, 111)],
  ]);

  const viewer = new RTCPeerConnection({
    codecs: { video: [useH264()], audio: [useOPUS()] },
    iceInterfaceAddresses: { udp4: '127.0.0.1' },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceFilterCandidatePair: (pair) => pair.remoteCandidate.host === '127.0.0.1',
    iceUseIpv6: false,
  });
  viewer.addTransceiver('video', { direction: 'recvonly' });
  viewer.addTransceiver('audio', { direction: 'recvonly' });
  const nals: Buffer[] = [];
  let audioPackets = 0;
  const fu = { parts: [] as Buffer[] };
  viewer.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((packet) => {
      if (track.kind === 'audio') return void audioPackets++;
      for (const nal of depacketize(packet.payload, fu)) {
        if (nals.length === 0 && (nal[0]! & 0x1f) !== 7) continue; // from the first SPS on
        nals.push(nal);
      }
    });
  });
  await viewer.setLocalDescription(await viewer.createOffer());
  await new Promise<void>((resolve) => {
    if (viewer.iceGatheringState === 'complete') return resolve();
    viewer.iceGatheringStateChange.subscribe((s) => s === 'complete' && resolve());
  });
  // Host candidates on 127.0.0.1 only: no connectivity check goes to another address.
  const loopback = (sdp: string) =>
    sdp
      .split('\r\n')
      .filter((l) => !l.startsWith('a=candidate:') || / 127\.0\.0\.1 \d+ typ /.test(l))
      .join('\r\n');
  const peer = await answerWhepOffer(loopback(viewer.localDescription!.sdp), source, {
    bindAddress: '127.0.0.1',
  });
  expect(peer.answer).toMatch(/a=sendonly/);
  expect(peer.answer).toMatch(/H264\/90000/);
  await viewer.setRemoteDescription({ type: 'answer', sdp: loopback(peer.answer) });

  const until = Date.now() + 20_000;
  while (Date.now() < until && (nals.length < 200 || audioPackets < 50))
    await new Promise((r) => setTimeout(r, 200));
  peer.close();
  await viewer.close();
  expect(audioPackets).toBeGreaterThanOrEqual(50);
  expect(nals.length).toBeGreaterThanOrEqual(200);

  const file = join(work, 'received.h264');
  writeFileSync(file, Buffer.concat(nals.flatMap((n) => [START, n])));
  const probe = spawnSync('ffprobe', [
    ...['-v', 'error', '-f', 'h264', '-i', file, '-show_frames'],
    ...['-show_entries', 'frame=key_frame,pict_type,width,height', '-of', 'csv=p=0'],
  ]);
  const frames = probe.stdout.toString().trim().split('\n').filter(Boolean);
  expect(frames.length).toBeGreaterThan(30);
  expect(frames[0]).toMatch(/^1,320,240,I/);
}, 60_000);
