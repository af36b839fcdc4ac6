// Pictures a program's viewer can be asked about: test encoders whose frames carry their own wall-clock
// index (luma halves, as in packages/media/test/frame-index.ts) and their camera (a chroma of their own),
// and the reader of a program's MPEG-TS segments back into frames.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { publishTestStream } from './media';

const run = promisify(execFile);
export const FPS = 25;

export interface Chroma {
  cb: number;
  cr: number;
}

export interface ProgramFrame {
  /** Presentation time in the program (s). */
  t: number;
  /** The camera's clock: 1/25 s steps since its clock's zero. */
  index: number;
  chroma: Chroma;
}

const luma = (n: string) => `if(lt(X,W/2),mod(${n},64)*4,floor(${n}/64)*4)`;

/**
 * An encoder at `url` whose frames show `chroma` and the wall clock in 1/25 s since `clockZeroMs`.
 * Lossless, so the luma halves read back exactly.
 */
export function camera(url: string, chroma: Chroma, clockZeroMs: number, size = '128x72') {
  const n = `floor(T*${FPS})`;
  const wallClock = `setpts='(RTCTIME-${clockZeroMs * 1000})/(TB*1000000)'`;
  return publishTestStream(url, {
    picture: 'nullsrc',
    size,
    rate: FPS,
    videoFilter: `${wallClock},geq=lum='${luma(n)}':cb=${chroma.cb}:cr=${chroma.cr},setpts=N/${FPS}/TB,format=yuv420p`,
    videoArgs: ['-qp', '0'],
    audioBitrate: '64k',
  });
}

/** A looped file of `chroma` frames with the same streams as camera()'s (H.264 128x72 25 fps, AAC). */
export async function cameraFile(file: string, chroma: Chroma, seconds = 6) {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `nullsrc=size=128x72:rate=${FPS}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`],
    ...['-vf', `geq=lum='${luma('N')}':cb=${chroma.cb}:cr=${chroma.cr},format=yuv420p`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-g', String(FPS * 2)],
    ...['-c:a', 'aac', '-b:a', '64k', file],
  ]);
  return file;
}

/** The program's frames as the segments listed in its playlist hold them. */
export async function programFrames(dir: string): Promise<{ frames: ProgramFrame[]; playlist: string }> {
  const playlist = readFileSync(join(dir, 'index.m3u8'), 'utf8');
  const segments = playlist.split('\n').filter((l) => l.startsWith('seg_'));
  const all = join(dir, 'all.ts');
  writeFileSync(all, Buffer.concat(segments.map((s) => readFileSync(join(dir, s)))));
  const { stdout: times } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', all],
  ]);
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-i', all, '-map', '0:v:0', '-fps_mode', 'passthrough'],
      // 2x2 luma and one byte each of chroma per frame.
      ...['-vf', 'scale=2:2:flags=area', '-pix_fmt', 'yuv420p', '-f', 'rawvideo', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const t = times
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => Number.parseFloat(l));
  const frames: ProgramFrame[] = [];
  for (let i = 0; i * 6 + 5 < stdout.length && i < t.length; i++) {
    const b = stdout.subarray(i * 6, i * 6 + 6);
    const index = Math.round(b[0]! / 4) + 64 * Math.round(b[1]! / 4);
    frames.push({ t: t[i]!, index, chroma: { cb: b[4]!, cr: b[5]! } });
  }
  return { frames, playlist };
}

/** Which of `cameras` a frame's chroma is nearest to. */
export function cameraOf<K extends string>(frame: ProgramFrame, cameras: Record<K, Chroma>): K {
  const distance = (c: Chroma) => Math.abs(c.cb - frame.chroma.cb) + Math.abs(c.cr - frame.chroma.cr);
  return (Object.keys(cameras) as K[]).reduce((a, b) =>
    distance(cameras[b]) < distance(cameras[a]) ? b : a,
  );
}

/** Consecutive frames of the same camera, in order. */
export function runsOf<T, K>(frames: T[], key: (f: T) => K): { key: K; frames: T[] }[] {
  const runs: { key: K; frames: T[] }[] = [];
  for (const f of frames) {
    const k = key(f);
    const last = runs.at(-1);
    if (last && last.key === k) last.frames.push(f);
    else runs.push({ key: k, frames: [f] });
  }
  return runs;
}
