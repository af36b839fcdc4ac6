/**
 * The lower rungs of a player's VOD after the stream (issue 34): the recording is the top rung (its VOD
 * playlist is cut first, by copy: vod-args.ts), and one more ffmpeg run decodes it once and writes each
 * lower rung as its own VOD playlist in the rung's folder (`r1/vod.m3u8`, `r1/vod_<n>.ts`). Keyframes are
 * forced where the recording has them, and every rung is cut by the same segment length, so the rungs'
 * segments start where the top rung's do and hls.js switches between them without a gap.
 */

import type { LadderEncoding } from './abr-args';
import { encodedRung, ladderFilter } from './abr-args';
import type { PlannedRung } from './abr-ladder';
import { COMMON_ARGS } from './ffmpeg-args';
import { encoderGlobalArgs } from './ladder-encoder';
import { type StoredInput, safeInput } from './safe-input';
import { VOD_PLAYLIST, VOD_SEGMENT_SECONDS } from './vod-args';

/** The VOD's multivariant playlist beside the top rung's `vod.m3u8`. */
export const VOD_MULTIVARIANT = 'vod-master.m3u8';

export interface VodRungsOptions {
  input: StoredInput;
  /** The program's folder; the rungs' folders below it must exist. */
  dir: string;
  /** The whole ladder, the copied recording first (planLadder with 'source'); only the others are written. */
  rungs: readonly PlannedRung[];
  encoding?: LadderEncoding;
  segmentSeconds?: number;
}

export function vodRungsHls(o: VodRungsOptions): string[] {
  const lower = o.rungs.filter((r) => !r.copy && r.dir);
  if (lower.length === 0) throw new RangeError('A VOD ladder needs a rung below the recording');
  const seconds = String(o.segmentSeconds ?? VOD_SEGMENT_SECONDS);
  const base = o.dir.replace(/\/+$/, '');
  const encoder = o.encoding?.encoder ?? 'libx264';
  const outputs = lower.flatMap((r, i) => [
    ...encodedRung(r, `[v${i}]`, 'source', encoder),
    ...['-map', '0:a:0?', '-c:a', 'copy'],
    ...['-f', 'hls', '-hls_time', seconds, '-hls_list_size', '0'],
    ...['-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments+temp_file'],
    ...['-hls_segment_filename', `${base}/${r.dir}/vod_%d.ts`],
    `${base}/${r.dir}/${VOD_PLAYLIST}`,
  ]);
  return [
    ...COMMON_ARGS,
    ...encoderGlobalArgs(encoder, o.encoding?.device),
    ...safeInput(o.input),
    ...['-filter_complex', ladderFilter(lower, encoder)!],
    ...outputs,
  ];
}
