import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A 720p H.264/AAC file at the feed bitrate, made once; publishers loop it with -c copy (no encoding
 * cost). `seconds` long: the capacity bench needs 10 minutes, as a looping `-re -stream_loop` publisher
 * delivered 18 s of media in a 20 s window that held its loop point (seen on an idle machine, at 2 streams).
 */
export function feedFile(kbps: number, seconds = 30): string {
  const dir = join(import.meta.dirname, '..', '.cache');
  const file = join(dir, seconds === 30 ? 'feed-720p.mp4' : `feed-720p-${seconds}s.mp4`);
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
    `testsrc2=size=1280x720:rate=30:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
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
