/**
 * The program writer with a quality ladder (issue 34): ONE ffmpeg
 * reads the switcher's MPEG-TS on stdin, decodes the picture once, splits and scales it per transcoded
 * rung (`-filter_complex`), encodes each with libx264, and writes every rung with its own HLS muxer in its
 * own folder (abr-ladder.ts; normal, high, very high), or in low latency as fragmented MP4 on its own pipe. The switch happens before the split, so failover, fallback and overlays are
 * the same with a ladder. The source's AAC is copied into every rung (no audio encode).
 *
 * Aligned keyframes: `-copyts` keeps the input's timestamps and `-fps_mode passthrough` every frame as it
 * comes (without them the encoded rungs started one duplicated frame, 33 ms, before the copied one). With
 * the source copied, an encoded rung takes a keyframe where the source has one (`-force_key_frames
 * source`), else every rung one every KEYFRAME_SECONDS on the same expression over the same timestamps;
 * scene cuts never add one (`-sc_threshold 0`, a GOP limit beyond any segment). The HLS muxers cut at the
 * first keyframe past the same segment length: the same boundaries in every rung.
 */
import type { PlannedRung } from './abr-ladder';
import { COMMON_ARGS } from './ffmpeg-args';
import type { LatencyProfile } from './hls-args';
import { encoderArgs, encoderFilterTail, encoderGlobalArgs, type LadderEncoder } from './ladder-encoder';
import { hlsMuxer, LOW_LATENCY_PART_SECONDS, programInput } from './program-args';
import { programRtp, type RtpTargets } from './rtp-args';

/** Keyframe interval of an all-encoded ladder: every profile's segment length is a multiple of it. */
export const KEYFRAME_SECONDS = 2;
/** A GOP limit libx264 never reaches between forced keyframes (at 60 fps, 100 s). */
const NO_OWN_KEYFRAMES = '6000';

export interface LadderWriterOptions {
  /** The program's folder; the rungs' folders below it must exist. */
  dir: string;
  latency: Exclude<LatencyProfile, 'low' | 'realtime'>;
  rungs: readonly PlannedRung[];
  /** The encoded rungs' encoder (ladder-encoder.ts); libx264 when absent. */
  encoder?: LadderEncoder;
  /** The GPU's render node for VA-API and QSV. */
  device?: string;
}

/** The encoder of a ladder's encoded rungs, as the program feed passes it on. */
export interface LadderEncoding {
  encoder: LadderEncoder;
  device?: string;
}

/** The filter graph: one split of the decoded picture, one scale per encoded rung (never upscaling). */
export function ladderFilter(
  rungs: readonly PlannedRung[],
  encoder: LadderEncoder = 'libx264',
): string | null {
  const scaled = rungs.filter((r) => !r.copy);
  if (scaled.length === 0) return null;
  const tail = encoderFilterTail(encoder);
  const height = (r: PlannedRung) => `scale=-2:'min(${r.height ?? 'ih'},ih)'${tail}`;
  if (scaled.length === 1) return `[0:v:0]${height(scaled[0]!)}[v0]`;
  const split = `[0:v:0]split=${scaled.length}${scaled.map((_, i) => `[s${i}]`).join('')}`;
  return [split, ...scaled.map((r, i) => `[s${i}]${height(r)}[v${i}]`)].join(';');
}

export function programLadderHls(o: LadderWriterOptions): string[] {
  const base = o.dir.replace(/\/+$/, '');
  return ladderCommand(o.rungs, (r) => hlsMuxer(r.dir ? `${base}/${r.dir}` : base, o.latency), o);
}

/**
 * The ladder in low latency: each rung as fragmented MP4 on its own pipe, rung i on fd 3 + i (the top
 * rung on fd 3, as without a ladder), the fragments exactly as programLowLatency makes them; one
 * LlHlsPackager per rung turns them into LL-HLS parts in the rung's folder (program-feed.ts).
 */
export function programLadderLowLatency(
  rungs: readonly PlannedRung[],
  encoding: LadderEncoding = { encoder: 'libx264' },
  rtp?: RtpTargets,
): string[] {
  let fd = 3;
  const ladder = ladderCommand(
    rungs,
    () => [
      ...['-bsf:a', 'aac_adtstoasc'],
      ...['-f', 'mp4', '-movflags', 'empty_moov+delay_moov+default_base_moof+frag_keyframe'],
      ...['-frag_duration', String(Math.round(LOW_LATENCY_PART_SECONDS * 1e6)), '-flush_packets', '1'],
      `pipe:${fd++}`,
    ],
    encoding,
  );
  // Real time: the source's picture copied, whatever the rungs encode (rtp-args.ts).
  return rtp ? [...ladder, ...programRtp(rtp)] : ladder;
}

/** An encoded rung's picture: its scaled stream, the encoder at its bitrate, High profile, forced keyframes. */
export function encodedRung(
  r: PlannedRung,
  stream: string,
  keyframes: string,
  encoder: LadderEncoder,
): string[] {
  return [
    ...['-map', stream, '-fps_mode', 'passthrough'],
    ...encoderArgs(encoder, r.videoKbps),
    ...['-profile:v', 'high', '-level:v', r.level ?? '4.0'],
    ...['-force_key_frames', keyframes, '-g', NO_OWN_KEYFRAMES, '-sc_threshold', '0'],
  ];
}

/**
 * A hardware encoder's trial (ladder-encoder.ts): one second of a 720p test picture through a 360p
 * rung's own filter and encoder arguments, to nothing. It ends with 0 only where the device works.
 */
export function ladderTrialArgs(encoder: LadderEncoder, device?: string): string[] {
  const rung: PlannedRung = {
    name: '360p',
    dir: 'r1',
    copy: false,
    width: 640,
    height: 360,
    videoKbps: 800,
    level: '3.0',
  };
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ...encoderGlobalArgs(encoder, device),
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-t', '1'],
    ...['-filter_complex', ladderFilter([rung], encoder)!],
    ...encodedRung(rung, '[v0]', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`, encoder),
    ...['-f', 'null', '-'],
  ];
}

/** One input, one filter graph, and per rung its picture, the copied audio and `muxer(rung)`. */
function ladderCommand(
  rungs: readonly PlannedRung[],
  muxer: (r: PlannedRung) => string[],
  { encoder = 'libx264', device }: Partial<LadderEncoding>,
): string[] {
  if (rungs.length === 0) throw new RangeError('A ladder needs at least one rung');
  const encoded = rungs.some((r) => !r.copy);
  const filter = ladderFilter(rungs, encoder);
  const keyframes = rungs.some((r) => r.copy) ? 'source' : `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`;
  const outputs: string[] = [];
  let scaled = 0;
  for (const r of rungs) {
    const picture = r.copy
      ? ['-map', '0:v:0', '-c:v', 'copy']
      : encodedRung(r, `[v${scaled++}]`, keyframes, encoder);
    outputs.push(...picture, '-map', '0:a:0?', '-c:a', 'copy', ...muxer(r));
  }
  return [
    ...COMMON_ARGS,
    ...(encoded ? encoderGlobalArgs(encoder, device) : []),
    '-copyts',
    ...programInput({ kind: 'switcher' }),
    ...(filter ? ['-filter_complex', filter] : []),
    ...outputs,
  ];
}
