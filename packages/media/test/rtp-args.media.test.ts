import { spawn, spawnSync } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { programLadderLowLatency } from '../src/abr-args';
import { planLadder } from '../src/abr-ladder';
import { programLowLatency } from '../src/program-args';
import type { RtpTargets } from '../src/rtp-args';

/**
 * The realtime writer's arguments in real ffmpeg (issue 35): MPEG-TS on stdin as the switcher sends it,
 * fMP4 on fd 3 (and fd 4 for a ladder's second rung) and RTP to two UDP ports: with sound both sessions
 * carry packets; without sound the picture still goes out and the LL-HLS output is whole.
 */
const work = mkdtempSync(join(tmpdir(), 'stromwerk-rtp-args-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function input(name: string, audio: boolean, bFrames = false) {
  const file = join(work, name);
  spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=sample_rate=48000'] : []),
    ...['-t', '3', '-c:v', 'libx264', '-g', '60'],
    // OBS's default x264 settings send B-frames; the zerolatency tune sends none.
    ...(bFrames ? ['-bf', '3'] : ['-tune', 'zerolatency']),
    ...(audio ? ['-c:a', 'aac'] : []),
    ...['-f', 'mpegts', '-y', file],
  ]);
  return file;
}

async function udp(): Promise<{ sock: Socket; port: number; packets: number[] }> {
  const sock = createSocket('udp4');
  const got = { sock, port: 0, packets: [] as number[] };
  sock.on('message', (p) => {
    if (p[1]! < 200 || p[1]! > 204) got.packets.push(p[1]! & 0x7f);
  });
  await new Promise<void>((r) => sock.bind(0, '127.0.0.1', r));
  got.port = sock.address().port;
  return got;
}

async function write(build: (t: RtpTargets) => string[], file: string, pipes: number) {
  const [video, audio] = [await udp(), await udp()];
  const args = build({ host: '127.0.0.1', video: video.port, audio: audio.port });
  const stdio = ['pipe', 'ignore', 'pipe', ...Array<'pipe'>(pipes).fill('pipe')] as const;
  const child = spawn('ffmpeg', args, { stdio: [...stdio] });
  const bytes = Array<number>(pipes).fill(0);
  for (let i = 0; i < pipes; i++)
    child.stdio[3 + i]!.on('data', (d: Buffer) => {
      bytes[i]! += d.length;
    });
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  createReadStream(file).pipe(child.stdin!);
  const code = await new Promise((r) => child.on('exit', r));
  await new Promise((r) => setTimeout(r, 200));
  video.sock.close();
  audio.sock.close();
  return { code, stderr, bytes, video: video.packets, audio: audio.packets };
}

it('sends H.264 and Opus as RTP beside the LL-HLS fragments, with and without a ladder', async () => {
  const file = input('av.ts', true);
  for (const [build, pipes] of [
    [(t: RtpTargets) => programLowLatency(t), 1],
    [
      (t: RtpTargets) =>
        programLadderLowLatency(planLadder(['source', '240p'], { height: 360 }), undefined, t),
      2,
    ],
  ] as const) {
    const out = await write(build, file, pipes);
    expect(out.code).toBe(0);
    expect(out.bytes.every((b) => b > 10_000)).toBe(true);
    // 3 s of picture in 1200-byte packets, and Opus every 20 ms.
    expect(out.video.length).toBeGreaterThan(90);
    expect(new Set(out.video)).toEqual(new Set([96]));
    expect(out.audio.length).toBeGreaterThan(100);
    expect(new Set(out.audio)).toEqual(new Set([111]));
  }
}, 60_000);

it('keeps the picture and the LL-HLS fragments of a program without sound', async () => {
  const out = await write((t) => programLowLatency(t), input('v.ts', false), 1);
  expect(out.code).toBe(0);
  expect(out.bytes[0]).toBeGreaterThan(10_000);
  expect(out.video.length).toBeGreaterThan(90);
  expect(out.audio).toEqual([]);
}, 60_000);

it('encodes the picture again for a source with B-frames, beside the copied LL-HLS fragments', async () => {
  const file = input('bframes.ts', true, true);
  const probe = spawnSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=has_b_frames',
    '-of',
    'csv=p=0',
    file,
  ]);
  expect(String(probe.stdout).trim().split('\n')[0]).not.toBe('0');
  const out = await write((t) => programLowLatency({ ...t, reencodeKbps: 1500 }), file, 1);
  expect({ code: out.code, stderr: out.stderr }).toMatchObject({ code: 0 });
  expect(out.bytes[0]).toBeGreaterThan(10_000);
  expect(out.video.length).toBeGreaterThan(90);
  expect(out.audio.length).toBeGreaterThan(100);
}, 60_000);
