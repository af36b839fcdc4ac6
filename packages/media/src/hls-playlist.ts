/**
 * Reads the HLS playlists our packager writes (`program-args.ts`, `hls-args.ts`: `program_date_time`,
 * MPEG-TS segments named `seg_<n>.ts` beside the playlist) and maps wall-clock times to segment files.
 * The Clipping Tool picks segments this way instead of pointing ffmpeg at a live playlist (which starts
 * three segments before the live edge) or input-seeking raw TS (which lands on the wrong frame).
 */

export interface PlaylistSegment {
  /** File name as the playlist writes it (relative to the playlist's folder). */
  uri: string;
  /** Wall-clock start, ms since the epoch, from `#EXT-X-PROGRAM-DATE-TIME` (or the previous segment's end). */
  startMs: number;
  durationMs: number;
  /** A discontinuity (source switch, restarted writer) lies before this segment. */
  discontinuity: boolean;
}

export interface Playlist {
  segments: PlaylistSegment[];
  targetDurationS: number | null;
  /** `#EXT-X-ENDLIST`: nothing more will be appended. */
  ended: boolean;
}

/** `+0000` -> `+00:00`: ffmpeg writes offsets without a colon, which not every date parser takes. */
const parseDate = (s: string) => Date.parse(s.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

/** Our segments only: plain file names, nothing that climbs out of the folder or names a protocol. */
const SAFE_URI = /^[A-Za-z0-9_.-]+\.ts$/;

/**
 * Parses a media playlist. Segments without a known wall-clock start (no date-time before the first one)
 * are skipped: they cannot be addressed by time. URIs other than plain `.ts` file names are refused.
 */
export function parsePlaylist(text: string): Playlist {
  const segments: PlaylistSegment[] = [];
  let targetDurationS: number | null = null;
  let ended = false;
  let duration: number | null = null;
  let date: number | null = null;
  let discontinuity = false;
  let next: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDurationS = Number(line.slice(22)) || null;
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) date = parseDate(line.slice(25));
    else if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
    else if (line === '#EXT-X-ENDLIST') ended = true;
    else if (!line.startsWith('#')) {
      const startMs: number | null = date !== null && Number.isFinite(date) ? date : next;
      if (duration !== null && Number.isFinite(duration) && startMs !== null && SAFE_URI.test(line)) {
        const durationMs = Math.round(duration * 1000);
        segments.push({ uri: line, startMs, durationMs, discontinuity });
        next = startMs + durationMs;
      }
      duration = null;
      date = null;
      discontinuity = false;
    }
  }
  return { segments, targetDurationS, ended };
}

export interface Window {
  startMs: number;
  endMs: number;
}

/** The wall-clock range a playlist covers; null when it holds no addressable segment. */
export function windowOf(segments: readonly PlaylistSegment[]): Window | null {
  const first = segments[0];
  const last = segments.at(-1);
  return first && last ? { startMs: first.startMs, endMs: last.startMs + last.durationMs } : null;
}

/**
 * The segments a range needs: every segment that overlaps [fromMs, toMs). The first starts at or before
 * `fromMs` when the window holds it; the fast cut of these is at most one segment wider on each side.
 */
export function coveringSegments(
  segments: readonly PlaylistSegment[],
  fromMs: number,
  toMs: number,
): PlaylistSegment[] {
  return segments.filter((s) => s.startMs < toMs && s.startMs + s.durationMs > fromMs);
}

/**
 * What the fast cut of `segments` (the covering ones, `coveringSegments`) produces, issue 33 item 10: the
 * whole segments joined, so it runs from the first one's start to the last one's end, and the file is as
 * long as their lengths summed (a gap between them is skipped, not filled). The clip job publishes this
 * range and the fast-cut route predicts it before the clip is asked for. Null without segments.
 */
export function fastCutOf(segments: readonly PlaylistSegment[]) {
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) return null;
  return {
    startMs: first.startMs,
    endMs: last.startMs + last.durationMs,
    durationMs: segments.reduce((sum, s) => sum + s.durationMs, 0),
  };
}

/**
 * A gap shorter than this between one segment's end and the next one's start is timestamp jitter, not a
 * stream that was off (ffmpeg's program date-times drift by a few ms per segment).
 */
export const GAP_MIN_MS = 1000;

/**
 * The times inside the window that nothing was recorded (issue 33 item 8): the stream was off, or the
 * player showed nothing, between two segments. The window's ends are its first and last segments.
 */
export function gapsOf(segments: readonly PlaylistSegment[], minMs = GAP_MIN_MS): Window[] {
  const gaps: Window[] = [];
  for (let i = 1; i < segments.length; i++) {
    const before = segments[i - 1]!;
    const endMs = before.startMs + before.durationMs;
    if (segments[i]!.startMs - endMs >= minMs) gaps.push({ startMs: endMs, endMs: segments[i]!.startMs });
  }
  return gaps;
}
