import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

function ffmpeg(args: string[]) {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
}

/**
 * Without blocking the event loop: a 40 s spawnSync kept the worker from seeing the server close its idle
 * keep-alive socket, and the next API call went out on the closed socket ("other side closed").
 */
async function ffmpegAsync(args: string[]) {
  await promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
}

/**
 * Files for the media library, made with ffmpeg at test time: videos in containers browsers do not
 * play (the library renders them to MP4), an audio file, and a text file named like a video.
 */
export async function makeMediaFiles(dir: string) {
  const video = join(dir, 'Keynote rehearsal.mkv');
  await ffmpegAsync([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=6'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
    ...['-c:v', 'mpeg4', '-q:v', '2', '-c:a', 'mp2', video],
  ]);
  const demo = join(dir, 'Fractal zoom.mov');
  await ffmpegAsync([
    ...['-f', 'lavfi', '-i', 'mandelbrot=size=640x360:rate=25', '-t', '4'],
    ...['-c:v', 'mpeg4', '-q:v', '3', demo],
  ]);
  // Long enough that its render runs for a while: progress, time left and cancel can be watched.
  const long = join(dir, 'Conference day.mkv');
  await ffmpegAsync([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=150'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=220:duration=150'],
    ...['-c:v', 'mpeg4', '-q:v', '10', '-c:a', 'mp2', long],
  ]);
  const audio = join(dir, 'Podcast intro.m4a');
  await ffmpegAsync(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=5', '-c:a', 'aac', audio]);
  const notes = join(dir, 'notes.mp4');
  writeFileSync(notes, 'Agenda: welcome, keynote, questions.\n'.repeat(50));
  return { video, demo, long, audio, notes };
}

/** A 3-second test picture named `<name>.mkv`, for a media a form picks by name. */
export function smallVideo(name: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'stromwerk-pickers-')), `${name}.mkv`);
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=3'],
    ...['-c:v', 'mpeg4', '-q:v', '5', file],
  ]);
  return file;
}
