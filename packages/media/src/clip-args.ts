// Argument builders of the Clipping Tool (design notes section 2.5, verified on our own HLS DVR).
import { COMMON_ARGS, FIRST_AV } from './ffmpeg-args';
import { type StoredInput, safeInput } from './safe-input';

/** MP4 that every browser and social platform plays from the first byte. */
const MP4_OUT = ['-movflags', '+faststart', '-f', 'mp4'];
const EXACT_CODECS = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
  ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
  ...['-c:a', 'aac', '-b:a', '128k'],
];
const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * The fast cut: whole MPEG-TS segments joined byte for byte (the concat protocol keeps their timestamps
 * continuous) and copied into an MP4. Starts on the first segment's boundary; ready in well under a second
 * for a few minutes. The files are our own secured copies: only the file and concat protocols and the
 * MPEG-TS demuxer are allowed, and a path that would split the concat list is refused.
 */
export function fastClip(segmentFiles: readonly string[], output: string): string[] {
  if (segmentFiles.length === 0) throw new Error('no segments to join');
  for (const f of segmentFiles)
    if (!f.startsWith('/') || f.includes('|')) throw new Error(`not a secured segment path: ${f}`);
  return [
    ...COMMON_ARGS,
    '-y',
    ...['-protocol_whitelist', 'file,concat', '-format_whitelist', 'mpegts', '-f', 'mpegts'],
    ...['-i', `concat:${segmentFiles.join('|')}`],
    ...FIRST_AV,
    ...['-c', 'copy', '-bsf:a', 'aac_adtstoasc'],
    ...MP4_OUT,
    output,
  ];
}

/**
 * The exact cut of an MP4 we made (the fast cut): MP4 input seeking is frame-accurate when re-encoding
 * (ffmpeg decodes from the keyframe before and drops frames up to the point). `startMs` counts from the
 * file's first frame.
 */
export function exactClipOfMp4(input: string, startMs: number, durationMs: number, output: string): string[] {
  return [
    ...COMMON_ARGS,
    '-y',
    ...['-ss', seconds(startMs)],
    ...safeInput({ url: input, format: 'mov' }),
    ...['-t', seconds(durationMs)],
    ...FIRST_AV,
    ...EXACT_CODECS,
    ...MP4_OUT,
    output,
  ];
}

/** Decoded before the asked start, so a seek that lands late in an MPEG-TS still finds a keyframe. */
export const SEEK_MARGIN_MS = 15_000;

/**
 * The exact cut of a stored media (a recording, an upload). Input seeking raw MPEG-TS lands past the
 * keyframe it needs, so the seek is split: the input seeks to `SEEK_MARGIN_MS` before the start (exactly
 * where the output timeline's zero is put, wherever the demuxer landed) and the output drops the margin
 * frame by frame after decoding it.
 */
export function exactClipOfMedia(
  input: StoredInput,
  inMs: number,
  durationMs: number,
  output: string,
): string[] {
  const inputSeek = Math.max(0, inMs - SEEK_MARGIN_MS);
  const outputSeek = inMs - inputSeek;
  return [
    ...COMMON_ARGS,
    '-y',
    ...(inputSeek > 0 ? ['-ss', seconds(inputSeek)] : []),
    ...safeInput(input),
    ...(outputSeek > 0 ? ['-ss', seconds(outputSeek)] : []),
    ...['-t', seconds(durationMs)],
    ...FIRST_AV,
    ...EXACT_CODECS,
    ...MP4_OUT,
    output,
  ];
}
