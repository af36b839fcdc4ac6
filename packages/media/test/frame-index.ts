// A test video whose every frame carries its own index as two grey levels, and the reader of it: easier to
// assert than OCR of a burnt-in counter. Left half: (n mod 64) * 4, right half: floor(n / 64) * 4, so
// 4096 frames (136 s at 30 fps) are told apart; compression noise stays far below the step of 4.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const FIXTURE_FPS = 30;

/** An H.264/AAC MPEG-TS of `seconds` with keyframes every `gopSeconds`, written as fast as ffmpeg can. */
export async function writeFrameIndexVideo(output: string, seconds: number, gopSeconds = 2) {
  const lum = 'if(lt(X,W/2),mod(N,64)*4,floor(N/64)*4)';
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `nullsrc=size=64x32:rate=${FIXTURE_FPS}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-vf', `geq=lum='${lum}':cb=128:cr=128,format=yuv420p`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0'],
    ...['-g', String(gopSeconds * FIXTURE_FPS), '-keyint_min', String(gopSeconds * FIXTURE_FPS)],
    ...['-sc_threshold', '0', '-c:a', 'aac', '-f', 'mpegts', output],
  ]);
}

/** The index of a decoded frame, from its two halves' mean grey level. */
const indexOf = (left: number, right: number) => Math.round(left / 4) + 64 * Math.round(right / 4);

/** Frame indexes of the first and last frames of a file, and how many frames it holds. */
export async function frameIndexes(file: string): Promise<number[]> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0:v:0'],
      // Y plane as coded (no range conversion): 2x2 luma and one byte each of chroma per frame.
      ...['-vf', 'scale=2:2:flags=area', '-pix_fmt', 'yuv420p', '-f', 'rawvideo', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const out: number[] = [];
  for (let i = 0; i + 5 < stdout.length; i += 6) out.push(indexOf(stdout[i]!, stdout[i + 1]!));
  return out;
}
