import { join } from 'node:path';
// Argument builders for finite jobs on stored files: MP4 renders, thumbnails, preview strips.
import { COMMON_ARGS, FIRST_AV, livePull } from './ffmpeg-args';
import { type StoredInput, safeInput } from './safe-input';

/** Width of the library's thumbnail and of each frame of the hover preview strip. */
export const THUMBNAIL_WIDTH = 480;
export const PREVIEW_FRAME_WIDTH = 160;
export const PREVIEW_FRAMES = 10;
/** Size of a media's waveform picture (the editor stretches it over a clip's length). */
export const WAVEFORM_WIDTH = 1200;
export const WAVEFORM_HEIGHT = 96;

/**
 * H.264/AAC in MP4 that every browser plays: yuv420p (x264 would keep 4:4:4 sources), even dimensions,
 * moov atom in front (+faststart) so playback starts before the whole file is loaded.
 */
export function renderMp4(input: StoredInput, output: string): string[] {
  return [
    ...COMMON_ARGS,
    '-y',
    ...safeInput(input),
    ...FIRST_AV,
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
    ...['-c:a', 'aac', '-b:a', '128k'],
    ...['-movflags', '+faststart', '-f', 'mp4'],
    output,
  ];
}

/**
 * One frame at `atSeconds`, scaled to `width`. -ss before -i seeks by index: a frame deep in a 1 GB
 * file comes back at once instead of after decoding everything before it.
 */
export function frameAt(
  input: StoredInput,
  atSeconds: number,
  output: string,
  width = THUMBNAIL_WIDTH,
): string[] {
  return [
    ...COMMON_ARGS,
    '-y',
    '-ss',
    atSeconds.toFixed(3),
    ...safeInput(input),
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:-2`,
    '-q:v',
    '4',
    output,
  ];
}

/** Where the frames of a preview strip are taken: evenly spread, never on the very first or last frame. */
export function previewTimes(durationMs: number, frames = PREVIEW_FRAMES): number[] {
  const seconds = Math.max(0, durationMs / 1000);
  return Array.from({ length: frames }, (_, i) => (seconds * (i + 0.5)) / frames);
}

/**
 * The first audio stream drawn as one waveform picture (PNG, transparent, mono mix, square-root scale so
 * quiet speech still shows), evenly over the whole length: x is time.
 */
export function waveformPng(input: StoredInput, output: string): string[] {
  return [
    ...COMMON_ARGS,
    '-y',
    ...safeInput(input),
    '-filter_complex',
    `[0:a:0]aformat=channel_layouts=mono,showwavespic=s=${WAVEFORM_WIDTH}x${WAVEFORM_HEIGHT}:colors=0x4f7fd9:scale=sqrt:draw=full[w]`,
    ...['-map', '[w]', '-frames:v', '1', '-f', 'image2', '-c:v', 'png'],
    output,
  ];
}

/** Joins the frames (an image2 pattern like frame-%02d.jpg) side by side into one strip. */
export function tileFrames(pattern: string, frames: number, output: string): string[] {
  return [
    ...COMMON_ARGS,
    '-y',
    '-i',
    pattern,
    '-vf',
    `tile=${frames}x1`,
    '-frames:v',
    '1',
    '-q:v',
    '5',
    output,
  ];
}

/** Length of one recording segment: a process that dies loses at most the segment it was writing. */
export const RECORDING_SEGMENT_SECONDS = 2;

/**
 * Records a live pull into MPEG-TS segments of about RECORDING_SEGMENT_SECONDS each (cut at keyframes),
 * written as they come into `dir` as `<prefix>-00000.ts`, `<prefix>-00001.ts`…: the recording is on
 * shared storage while it is made (issue 29), and a segment is complete once the next one begins.
 * Timestamps are kept as received; joining puts the segments of every part on one timeline.
 */
export function recordSegments(input: string, dir: string, prefix: string, rwTimeoutMs = 5000): string[] {
  return [
    ...COMMON_ARGS,
    '-y',
    // No -xerror: the end of the stream (a read that times out once the encoder left) must end the
    // recording like an end of file, with every buffered packet written; -xerror dropped the last GOP.
    ...livePull(input, rwTimeoutMs, false),
    ...FIRST_AV,
    '-c',
    'copy',
    // Each packet reaches the file at once: a process that dies loses only what it had not received.
    ...['-flush_packets', '1'],
    ...['-f', 'segment', '-segment_format', 'mpegts'],
    ...['-segment_time', String(RECORDING_SEGMENT_SECONDS), '-break_non_keyframes', '0'],
    join(dir, `${prefix}-%05d.ts`),
  ];
}

/**
 * Joins recording segments (a concat list file of our own MPEG-TS segments, in order) into one MP4 that
 * plays and seeks in every browser: stream copy (the mp4 muxer turns ADTS AAC into its own form by
 * itself; MP3 audio is copied as it is), the index at the front. The concat demuxer puts each segment right after the previous one, so the parts of a recording
 * continued by another process after a takeover make one timeline. The whitelists keep it to local
 * MPEG-TS files; -safe 0 allows the list's absolute paths.
 */
export function joinSegmentsToMp4(listFile: string, output: string): string[] {
  return [
    ...COMMON_ARGS,
    '-y',
    ...['-protocol_whitelist', 'file', '-format_whitelist', 'concat,mpegts'],
    ...['-f', 'concat', '-safe', '0', '-i', listFile],
    ...FIRST_AV,
    '-c',
    'copy',
    ...['-movflags', '+faststart', '-f', 'mp4'],
    output,
  ];
}

/** One current frame of a live pull, small, for a preview thumbnail. */
export function liveFrame(input: string, output: string, width = 320): string[] {
  return [
    ...COMMON_ARGS,
    '-y',
    ...livePull(input, 3000),
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:-2`,
    '-q:v',
    '5',
    output,
  ];
}
