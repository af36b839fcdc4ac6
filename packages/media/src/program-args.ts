// The program of a player & recorder as HLS: one writer process appending to the playlist. With hot
// standby (program-feed in the server) every input has a reader (programReader) and the switcher feeds
// the writer's stdin, so a switch (main -> backup -> fallback) happens inside the running writer; a
// writer restarted (new codecs) continues the same playlist behind a discontinuity.
import { aac, COMMON_ARGS, FIRST_AV, h264, livePull } from './ffmpeg-args';
import { LATENCY_PROFILES, type LatencyProfile } from './hls-args';
import { programRtp, type RtpTargets } from './rtp-args';
import { type StoredInput, safeInput } from './safe-input';

export type ProgramSource =
  | { kind: 'live'; url: string }
  /** A stored file, played in real time; transcoded unless it is already H.264/AAC. */
  | { kind: 'file'; input: StoredInput; loop: boolean; transcode: boolean }
  /** MPEG-TS on stdin: the program switcher's output. */
  | { kind: 'switcher' };

export interface ProgramOptions {
  source: ProgramSource;
  /** Folder of the playlist; must exist. */
  dir: string;
  latency: LatencyProfile;
}

export function programHls(o: ProgramOptions): string[] {
  const profile = LATENCY_PROFILES[o.latency];
  const transcode = o.source.kind === 'file' && o.source.transcode;
  const codecs = transcode
    ? [
        ...h264(2500),
        // Keyframes on segment boundaries, or segments come out longer than the profile asks.
        ...['-force_key_frames', `expr:gte(t,n_forced*${profile.segmentSeconds})`],
        ...aac(128),
      ]
    : ['-c', 'copy'];
  return [...COMMON_ARGS, ...programInput(o.source), ...FIRST_AV, ...codecs, ...hlsMuxer(o.dir, o.latency)];
}

/**
 * ffmpeg's HLS muxer writing `<dir>/index.m3u8` and `<dir>/seg_<n>.ts` in a latency profile (normal,
 * high, very high). The ladder's writer (abr-args.ts) has one per rung, each in its own folder.
 */
export function hlsMuxer(dir: string, latency: LatencyProfile): string[] {
  const profile = LATENCY_PROFILES[latency];
  const listSize = profile.dvrSeconds
    ? Math.ceil(profile.dvrSeconds / profile.segmentSeconds)
    : profile.listSize;
  // append_list: continue the existing playlist and its numbering; discont_start: mark the switch.
  // omit_endlist: a stopped writer must not tell players the stream is over; the next one continues it.
  const flags = [
    'independent_segments',
    'temp_file',
    'program_date_time',
    'append_list',
    'discont_start',
    'omit_endlist',
    // Segments that left the playlist (the live list, or the DVR window) are of no use to anyone: a
    // clip secures its own links to the segments it needs (the Clipping Tool's clip-inputs.ts).
    'delete_segments',
  ];
  const folder = dir.replace(/\/+$/, '');
  return [
    ...['-f', 'hls', '-hls_time', String(profile.segmentSeconds), '-hls_list_size', String(listSize)],
    ...['-hls_flags', flags.join('+')],
    ...['-hls_segment_filename', `${folder}/seg_%d.ts`],
    `${folder}/index.m3u8`,
  ];
}

/** LL-HLS parts: the writer's fragment length (the playlist's PART-TARGET is this plus a frame's room). */
export const LOW_LATENCY_PART_SECONDS = 0.25;
export const LOW_LATENCY_PART_TARGET = 0.3;

/**
 * The program in low latency: the switcher's MPEG-TS copied into fragmented MP4 on fd 3 (`pipe:3`;
 * stdout carries `-progress`), a fragment every quarter second and at every keyframe, each flushed at
 * once; ll-hls-packager.ts turns the fragments into LL-HLS parts and segments. In real time (`rtp`) the
 * same writer also sends the program as RTP (rtp-args.ts).
 */
export function programLowLatency(rtp?: RtpTargets): string[] {
  return [
    ...COMMON_ARGS,
    ...programInput({ kind: 'switcher' }),
    ...FIRST_AV,
    ...['-c', 'copy', '-bsf:a', 'aac_adtstoasc'],
    ...['-f', 'mp4', '-movflags', 'empty_moov+delay_moov+default_base_moof+frag_keyframe'],
    ...['-frag_duration', String(Math.round(LOW_LATENCY_PART_SECONDS * 1e6)), '-flush_packets', '1'],
    'pipe:3',
    ...(rtp ? programRtp(rtp) : []),
  ];
}

export function programInput(source: ProgramSource): string[] {
  if (source.kind === 'live')
    // Our ingest announces both streams in the FLV header: half a second of probing is enough, and
    // every second saved here is a second less of failover gap.
    return ['-analyzeduration', '500000', '-probesize', '1000000', ...livePull(source.url)];
  // The switcher starts the writer with tables and a keyframe, and the readers send every audio frame
  // at once (-pes_payload_size 0): a quarter second finds both streams. Each writer restart (a switch
  // to an input of other codecs) waits for this probe: 0.25 s took the first output from 0.56 to 0.34 s.
  if (source.kind === 'switcher') return ['-analyzeduration', '250000', '-f', 'mpegts', '-i', 'pipe:0'];
  return ['-re', ...(source.loop ? ['-stream_loop', '-1'] : []), ...safeInput(source.input)];
}

/** How often a transcoded fallback gets a keyframe: a switch to it waits at most this long. */
const READER_KEYFRAME_SECONDS = 1;

/**
 * One input of the program on hot standby: the live source or the looping fallback media as MPEG-TS on
 * stdout, written packet by packet (`-flush_packets`) so the switcher sees a dead input within
 * milliseconds. Stream copy where possible; no `-progress` (stdout carries the stream).
 */
export function programReader(
  source: Exclude<ProgramSource, { kind: 'switcher' }>,
  /** `aac`: the input's audio is not AAC (MP3, AC-3, Opus): encode it, still copying the picture. */
  audio: 'copy' | 'aac' = 'copy',
): string[] {
  const transcode = source.kind === 'file' && source.transcode;
  const codecs = transcode
    ? [
        ...h264(2500),
        ...['-force_key_frames', `expr:gte(t,n_forced*${READER_KEYFRAME_SECONDS})`],
        ...aac(128),
      ]
    : audio === 'aac'
      ? ['-c:v', 'copy', ...aac(128)]
      : ['-c', 'copy'];
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'warning'],
    ...programInput(source),
    ...FIRST_AV,
    ...codecs,
    // Every audio frame in a PES of its own (not gathered to 2930 bytes, up to 0.4 s of low-rate audio):
    // the writer's probe and its interleaving do not wait for audio.
    ...['-f', 'mpegts', '-pes_payload_size', '0', '-flush_packets', '1', 'pipe:1'],
  ];
}
