import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { TS_PACKET } from '../src/ts-packets';
import { TsSwitcher } from '../src/ts-switcher';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'ts-switcher-'));

/** 4 s of a plain colour at 30 fps, keyframes every second, with a tone, as MPEG-TS. */
async function colourClip(colour: string) {
  const file = join(dir, `${colour}.ts`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `color=c=${colour}:size=64x36:rate=30:duration=4`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-f', 'mpegts', file],
  ]);
  return readFileSync(file);
}

/** Per decoded frame: its PTS in seconds and whether it is red (else blue). */
async function frames(file: string) {
  const { stdout: probe } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pts_time'],
    ...['-of', 'csv=p=0', file],
  ]);
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0:v:0'],
      ...['-fps_mode', 'passthrough', '-vf', 'scale=1:1', '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  const times = probe
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => Number.parseFloat(l));
  return times.map((t, i) => ({ t, red: stdout[i * 3]! > stdout[i * 3 + 2]! }));
}

/** Feeds both clips packet by packet, interleaved as two live readers would deliver them. */
function feed(switcher: TsSwitcher<'main' | 'backup'>, main: Buffer, backup: Buffer, upTo: number) {
  for (let at = 0; at < upTo; at += TS_PACKET * 10) {
    const end = Math.min(at + TS_PACKET * 10, upTo);
    if (at < main.length) switcher.push('main', main.subarray(at, end), at);
    if (at < backup.length) switcher.push('backup', backup.subarray(at, end), at);
  }
}

let red: Buffer;
let blue: Buffer;
beforeAll(async () => {
  [red, blue] = await Promise.all([colourClip('red'), colourClip('blue')]);
});

describe('TsSwitcher', () => {
  it('switches at once to the standby last GOP, on one continuous timeline', async () => {
    const out: Buffer[] = [];
    const switcher = new TsSwitcher<'main' | 'backup'>((c) => out.push(c));
    const events: string[] = [];
    switcher.onSwitch = (e) => events.push(`${e.from ?? '-'}>${e.to}`);
    switcher.switchTo('main', 'now');
    const half = Math.floor(red.length / 2 / TS_PACKET) * TS_PACKET;
    feed(switcher, red, blue, half);
    // Main dies mid-GOP: the backup's last keyframe and what followed it play at once.
    switcher.remove('main');
    expect(switcher.switchTo('backup', 'now')).toBe(true);
    feed(switcher, Buffer.alloc(0), blue.subarray(half), blue.length - half);
    const file = join(dir, 'now.ts');
    writeFileSync(file, Buffer.concat(out));
    const f = await frames(file);
    expect(events).toEqual(['->main', 'main>backup']);
    const firstBlue = f.findIndex((x) => !x.red);
    expect(firstBlue).toBeGreaterThan(10);
    expect(f.slice(firstBlue).every((x) => !x.red)).toBe(true);
    // No gap and no step back in time at the switch: frames 1/30 s apart all through.
    const steps = f.slice(1).map((x, i) => x.t - f[i]!.t);
    expect(Math.max(...steps)).toBeLessThan(0.05);
    expect(Math.min(...steps)).toBeGreaterThan(0.02);
    // Continuity counters run on: ffmpeg reports no discontinuity in the program.
    const { stderr } = await run('ffmpeg', ['-hide_banner', '-v', 'warning', '-i', file, '-f', 'null', '-']);
    expect(stderr).not.toMatch(/continuity|non monoton/i);
  });

  it('waits for the next keyframe of the new input while the old one still plays', async () => {
    const out: Buffer[] = [];
    const switcher = new TsSwitcher<'main' | 'backup'>((c) => out.push(c));
    switcher.switchTo('backup', 'now');
    const third = Math.floor(red.length / 3 / TS_PACKET) * TS_PACKET;
    feed(switcher, Buffer.alloc(0), blue, third);
    expect(switcher.switchTo('main', 'atNextKeyframe')).toBe(false);
    expect(switcher.pending).toBe('main');
    feed(switcher, red.subarray(third), blue.subarray(third), red.length - third);
    expect(switcher.active).toBe('main');
    const file = join(dir, 'next.ts');
    writeFileSync(file, Buffer.concat(out));
    const f = await frames(file);
    const firstRed = f.findIndex((x) => x.red);
    expect(firstRed).toBeGreaterThan(0);
    expect(f.slice(firstRed).every((x) => x.red)).toBe(true);
    const steps = f.slice(1).map((x, i) => x.t - f[i]!.t);
    expect(Math.max(...steps)).toBeLessThan(0.05);
    expect(Math.min(...steps)).toBeGreaterThan(0.02);
  });
});
