// The keyframe times of a stored media's picture (issue 33 item 10): where a lossless cut can start.
import { execFile } from 'node:child_process';
import { type StoredInput, safeInput } from './safe-input';

/**
 * ffprobe lists the video packets (no decoding: MP4 answers from its index) and we keep the keyframes'
 * presentation times, in ms rounded up: ffmpeg, asked to start at that time, seeks to the same keyframe
 * (rounding down would land just before it and seek to the previous one). Ascending, without repeats.
 */
export function parseKeyframes(csv: string): number[] {
  const times = new Set<number>();
  for (const line of csv.split('\n')) {
    const [pts, flags] = line.trim().split(',');
    if (!flags?.includes('K') || !pts || pts === 'N/A') continue;
    const seconds = Number(pts);
    if (Number.isFinite(seconds) && seconds >= 0) times.add(Math.ceil(Math.round(seconds * 1e6) / 1e3));
  }
  return [...times].sort((a, b) => a - b);
}

export function probeKeyframes(input: StoredInput, ffprobePath = 'ffprobe', timeoutMs = 60_000) {
  const args = [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags'],
    ...['-of', 'csv=p=0', ...safeInput(input)],
  ];
  return new Promise<number[]>((resolve, reject) => {
    execFile(
      ffprobePath,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 256 * 1024 * 1024 },
      // The reason is ffprobe's own last words, not Node's "Command failed: <command line>" (the
      // storage path, and a reason cut off behind it in a job's error).
      (err, stdout, stderr) =>
        err
          ? reject(new Error(`ffprobe could not list keyframes: ${lastWords(stderr) || err.message}`))
          : resolve(parseKeyframes(stdout)),
    );
  });
}

const lastWords = (stderr: string) => stderr.trim().split('\n').slice(-2).join(' ').slice(0, 300);
