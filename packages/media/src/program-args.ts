// The program of a player & recorder as HLS: one writer process at a time, each appending to the same
// playlist, so a switch (main -> backup -> fallback) is a discontinuity the player plays through.
import { aac, COMMON_ARGS, FIRST_AV, h264, livePull } from './ffmpeg-args';
import { LATENCY_PROFILES, type LatencyProfile } from './hls-args';
import { type StoredInput, safeInput } from './safe-input';

export type ProgramSource =
  | { kind: 'live'; url: string }
  /** A stored file, played in real time; transcoded unless it is already H.264/AAC. */
  | { kind: 'file'; input: StoredInput; loop: boolean; transcode: boolean };

export interface ProgramOptions {
  source: ProgramSource;
  /** Folder of the playlist; must exist. */
  dir: string;
  latency: LatencyProfile;
}

export function programHls(o: ProgramOptions): string[] {
  const profile = LATENCY_PROFILES[o.latency];
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
  const input =
    o.source.kind === 'live'
      ? // Our ingest announces both streams in the FLV header: half a second of probing is enough, and
        // every second saved here is a second less of failover gap.
        ['-analyzeduration', '500000', '-probesize', '1000000', ...livePull(o.source.url)]
      : ['-re', ...(o.source.loop ? ['-stream_loop', '-1'] : []), ...safeInput(o.source.input)];
  const transcode = o.source.kind === 'file' && o.source.transcode;
  const codecs = transcode
    ? [
        ...h264(2500),
        // Keyframes on segment boundaries, or segments come out longer than the profile asks.
        ...['-force_key_frames', `expr:gte(t,n_forced*${profile.segmentSeconds})`],
        ...aac(128),
      ]
    : ['-c', 'copy'];
  const dir = o.dir.replace(/\/+$/, '');
  return [
    ...COMMON_ARGS,
    ...input,
    ...FIRST_AV,
    ...codecs,
    ...['-f', 'hls', '-hls_time', String(profile.segmentSeconds), '-hls_list_size', String(listSize)],
    ...['-hls_flags', flags.join('+')],
    ...['-hls_segment_filename', `${dir}/seg_%d.ts`],
    `${dir}/index.m3u8`,
  ];
}
