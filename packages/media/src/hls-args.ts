// Pure builder of the HLS packager's ffmpeg arguments, and the latency profiles of the player.
import { COMMON_ARGS, livePull } from './ffmpeg-args';

export type LatencyProfile = 'realtime' | 'low' | 'normal' | 'high' | 'very-high';

/** LL-HLS is written in low latency and in real time (its fallback for viewers WebRTC cannot reach). */
export const isLowLatency = (latency: string) => latency === 'low' || latency === 'realtime';

export interface LatencySettings {
  segmentSeconds: number;
  /** Segments in the live playlist when there is no DVR. */
  listSize: number;
  /** How far back a viewer can seek; null for no DVR. */
  dvrSeconds: number | null;
}

/**
 * Segments can only be cut at keyframes, and encoders (OBS default, our demo) send one every 2 s, so
 * 2 s is the shortest useful segment when copying. A viewer's delay is the web player's live-sync
 * distance (LIVE_SYNC_SECONDS, which must exceed one segment) plus up to one segment (how old the newest
 * segment is when the viewer joins) plus half a second (issue 18, bench/glass-to-glass.ts): normal needs
 * 2 s segments to stay under 6 s, high 4 s to stay under 10 s (its hour of DVR is 900 entries), very high
 * 8 s to stay under 20 s (10 s segments behind a 12 s sync measured 22 s; a day is 10,800 entries). Low
 * latency is LL-HLS (program-args.ts: programLowLatency; parts of a quarter second).
 */
export const LATENCY_PROFILES: Readonly<Record<LatencyProfile, LatencySettings>> = {
  realtime: { segmentSeconds: 2, listSize: 5, dvrSeconds: null },
  low: { segmentSeconds: 2, listSize: 5, dvrSeconds: null },
  normal: { segmentSeconds: 2, listSize: 6, dvrSeconds: null },
  high: { segmentSeconds: 4, listSize: 6, dvrSeconds: 3600 },
  'very-high': { segmentSeconds: 8, listSize: 6, dvrSeconds: 86_400 },
};

export interface HlsOptions {
  input: string;
  /** Output folder; must exist. */
  dir: string;
  segmentSeconds: number;
  listSize: number;
  /** When set, the playlist keeps this much history (overrides listSize). */
  dvrSeconds?: number | null;
  /** Delete segments that fell out of the playlist. */
  deleteSegments: boolean;
  playlistName?: string;
  rwTimeoutMs?: number;
}

/** Copies a live feed into an HLS playlist and MPEG-TS segments. */
export function hls(o: HlsOptions): string[] {
  const listSize = o.dvrSeconds ? Math.ceil(o.dvrSeconds / o.segmentSeconds) : o.listSize;
  // temp_file: playlist and segments appear by rename, so a player never fetches a half-written file.
  const flags = ['independent_segments', 'temp_file', 'program_date_time'];
  if (o.deleteSegments) flags.push('delete_segments');
  const dir = o.dir.replace(/\/+$/, '');
  return [
    ...COMMON_ARGS,
    ...livePull(o.input, o.rwTimeoutMs),
    ...['-map', '0:v:0?', '-map', '0:a:0?', '-c', 'copy'],
    ...['-f', 'hls', '-hls_time', String(o.segmentSeconds), '-hls_list_size', String(listSize)],
    ...['-hls_flags', flags.join('+')],
    // Numbering from the clock, so a restarted packager never overwrites segments players still hold.
    ...['-hls_start_number_source', 'epoch'],
    ...['-hls_segment_filename', `${dir}/seg_%d.ts`],
    `${dir}/${o.playlistName ?? 'index.m3u8'}`,
  ];
}

export function hlsForProfile(
  profile: LatencyProfile,
  o: Omit<HlsOptions, 'segmentSeconds' | 'listSize' | 'dvrSeconds'>,
): string[] {
  return hls({ ...o, ...LATENCY_PROFILES[profile] });
}
