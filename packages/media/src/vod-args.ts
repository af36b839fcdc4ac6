// The recording of the last stream as a real VOD: one finite ffmpeg run that cuts the stored file into
// HLS segments with `#EXT-X-PLAYLIST-TYPE:VOD` and `#EXT-X-ENDLIST`, instead of a looping live program.
import { aac, COMMON_ARGS, FIRST_AV, h264 } from './ffmpeg-args';
import { type StoredInput, safeInput } from './safe-input';

/** VOD segments: a keyframe every 2 s is what encoders send; 6 s keeps the list short and seeks quick. */
export const VOD_SEGMENT_SECONDS = 6;
/** The VOD playlist's name beside the program playlist; its segments are `vod_<n>.ts`. */
export const VOD_PLAYLIST = 'vod.m3u8';

export interface VodOptions {
  input: StoredInput;
  /** Folder of the playlist; must exist. */
  dir: string;
  /** Copy when the file is already H.264/AAC, else transcode with keyframes on segment boundaries. */
  transcode: boolean;
  segmentSeconds?: number;
}

export function vodHls(o: VodOptions): string[] {
  const seconds = o.segmentSeconds ?? VOD_SEGMENT_SECONDS;
  const dir = o.dir.replace(/\/+$/, '');
  const codecs = o.transcode
    ? [...h264(2500), ...['-force_key_frames', `expr:gte(t,n_forced*${seconds})`], ...aac(128)]
    : ['-c', 'copy'];
  return [
    ...COMMON_ARGS,
    // No -re: the whole file is packaged as fast as it can be read (a copy takes well under a second
    // per minute of video); the player is told about the VOD only once its playlist is ended.
    ...safeInput(o.input),
    ...FIRST_AV,
    ...codecs,
    ...['-f', 'hls', '-hls_time', String(seconds), '-hls_list_size', '0'],
    ...['-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments+temp_file'],
    ...['-hls_segment_filename', `${dir}/vod_%d.ts`],
    `${dir}/${VOD_PLAYLIST}`,
  ];
}

/** A VOD playlist is complete (playable from start to end) once ffmpeg wrote its end tag. */
export const vodComplete = (text: string | null | undefined): text is string =>
  !!text && text.includes('#EXT-X-PLAYLIST-TYPE:VOD') && /#EXT-X-ENDLIST\s*$/.test(text);

/** The length of a playlist: the sum of its segment durations (`#EXTINF`), in seconds. */
export function playlistSeconds(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number.parseFloat(m[1] ?? '0') || 0;
  return Math.round(total * 1000) / 1000;
}
