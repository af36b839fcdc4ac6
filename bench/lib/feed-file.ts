import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** A 30 s 720p H.264/AAC file at the feed bitrate, made once; publishers loop it with -c copy (no encoding cost). */
export function feedFile(kbps: number): string {
  const dir = join(import.meta.dirname, '..', '.cache');
  const file = join(dir, 'feed-720p.mp4');
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  console.log('making the 720p feed file once ...');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30:duration=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=30',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    `${kbps}k`,
    '-maxrate',
    `${kbps}k`,
    '-bufsize',
    `${kbps * 2}k`,
    '-g',
    '60',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    file,
  ]);
  return file;
}
