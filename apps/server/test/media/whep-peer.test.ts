import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { RtpProgramSource } from '../../src/modules/realtime/rtp-program-source';
import { answerWhepOffer } from '../../src/modules/realtime/whep-peer';
import { annexB, whepViewer } from '../helpers/whep-viewer';

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

  const viewer = await whepViewer();
  const peer = await answerWhepOffer(viewer.offer, source, { bindAddress: '127.0.0.1' });
  expect(peer.answer).toMatch(/a=sendonly/);
  expect(peer.answer).toMatch(/H264\/90000/);
  await viewer.answer(peer.answer);
  const { nals } = viewer.got;

  const until = Date.now() + 20_000;
  while (Date.now() < until && (nals.length < 200 || viewer.got.audioPackets < 50))
    await new Promise((r) => setTimeout(r, 200));
  peer.close();
  await viewer.close();
  encoder.kill('SIGKILL');
  expect(peer.refused()).toBe(0);
  expect(viewer.got.audioPackets).toBeGreaterThanOrEqual(50);
  expect(nals.length).toBeGreaterThanOrEqual(200);

  const file = join(work, 'received.h264');
  writeFileSync(file, annexB(nals));
  const probe = spawnSync('ffprobe', [
    ...['-v', 'error', '-f', 'h264', '-i', file, '-show_frames'],
    ...['-show_entries', 'frame=key_frame,pict_type,width,height', '-of', 'csv=p=0'],
  ]);
  const frames = probe.stdout.toString().trim().split('\n').filter(Boolean);
  expect(frames.length).toBeGreaterThan(30);
  expect(frames[0]).toMatch(/^1,320,240,I/);
}, 60_000);

it('continues the numbering across a writer restart (a new ffmpeg, new random RTP bases)', async () => {
  const ports = source.ports;
  const send = (seconds: number) =>
    spawn('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30'],
      ...['-t', String(seconds), '-map', '0:v', '-c:v', 'libx264', '-preset', 'veryfast', '-bf', '0'],
      ...['-g', '30', '-pix_fmt', 'yuv420p', '-f', 'rtp', '-payload_type', '96', '-pkt_size', '1200'],
      `rtp://127.0.0.1:${ports.video}?rtcpport=${ports.video}`,
    ]);
  const viewer = await whepViewer();
  const peer = await answerWhepOffer(viewer.offer, source, { bindAddress: '127.0.0.1' });
  await viewer.answer(peer.answer);
  const exit = (c: ChildProcess) => new Promise((r) => c.on('exit', r));
  for (let i = 0; i < 2; i++) {
    encoder = send(3);
    await exit(encoder);
  }
  peer.close();
  await viewer.close();
  // Without the renumbering SRTP refuses the new writer's packets as replays (libdatachannel throws).
  expect(peer.refused()).toBe(0);
  const h = viewer.got.videoHeaders;
  expect(h.length).toBeGreaterThan(60);
  const steps = h.slice(1).map((x, i) => ({
    seq: (x.seq - h[i]!.seq + 0x10000) % 0x10000,
    seconds: ((x.ts - h[i]!.ts + 2 ** 32) % 2 ** 32) / 90_000,
    wall: (x.at - h[i]!.at) / 1000,
  }));
  // Loopback loses nothing: every packet one after the other.
  expect(Math.max(...steps.map((s) => s.seq))).toBe(1);
  // The new writer's random timestamp base is gone: its first packet follows by the time that really
  // passed (the second ffmpeg's start: 0.3 s idle, 2 s on a loaded machine), not by a random jump.
  const restart = steps.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  expect(restart.seconds).toBeLessThan(10);
  expect(Math.abs(restart.seconds - restart.wall)).toBeLessThan(0.5);
}, 60_000);
