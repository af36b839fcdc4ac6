/**
 * Low-Latency HLS media playlists (RFC 8216bis, section 4.4.4.9 and 6.2.5): the text the packager writes
 * (renderLlPlaylist), and what the server needs to read back from it to answer a blocking playlist
 * reload (`_HLS_msn`, `_HLS_part`) without keeping state of its own (playlistEdge), so any process that
 * sees the playlist file can answer, not only the one writing it.
 */

export interface LlPart {
  uri: string;
  seconds: number;
  independent: boolean;
}

export interface LlSegment {
  /** Media sequence number. */
  msn: number;
  /** The whole segment's file, once it is complete; null while parts are still added. */
  uri: string | null;
  seconds: number;
  parts: LlPart[];
  /** Starts a new timeline (another initialization segment, a restarted writer). */
  discontinuity: boolean;
  /** Its initialization segment. */
  map: string;
  /** Wall-clock time of its first frame, epoch ms. */
  startedAt: number;
}

export interface LlPlaylist {
  /** The target segment length (seconds); the playlist's target duration is at least this. */
  segmentSeconds: number;
  partTargetSeconds: number;
  discontinuitySequence: number;
  /** Complete segments, then the open one (uri null) if any. */
  segments: readonly LlSegment[];
  /** The next part's address, announced before it exists (EXT-X-PRELOAD-HINT). */
  preloadHint: string | null;
}

/** Parts are listed for the open segment and this many complete ones before it. */
export const PART_SEGMENTS = 2;
/** The player's distance from the live edge, in part targets (the spec's minimum is 2; 3 recommended). */
export const PART_HOLD_BACK_TARGETS = 3;

const secs = (n: number) => n.toFixed(5).replace(/0+$/, '').replace(/\.$/, '');

export function renderLlPlaylist(p: LlPlaylist): string {
  const longest = Math.max(p.segmentSeconds, ...p.segments.filter((s) => s.uri).map((s) => s.seconds));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${Math.ceil(longest)}`,
    `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${secs(p.partTargetSeconds * PART_HOLD_BACK_TARGETS)}`,
    `#EXT-X-PART-INF:PART-TARGET=${secs(p.partTargetSeconds)}`,
    `#EXT-X-MEDIA-SEQUENCE:${p.segments[0]?.msn ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${p.discontinuitySequence}`,
  ];
  const complete = p.segments.filter((s) => s.uri).length;
  let map: string | null = null;
  p.segments.forEach((s, i) => {
    if (s.discontinuity && i > 0) lines.push('#EXT-X-DISCONTINUITY');
    if (s.map !== map) lines.push(`#EXT-X-MAP:URI="${s.map}"`);
    map = s.map;
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.startedAt).toISOString()}`);
    if (i >= complete - PART_SEGMENTS)
      for (const part of s.parts)
        lines.push(
          `#EXT-X-PART:DURATION=${secs(part.seconds)},URI="${part.uri}"${part.independent ? ',INDEPENDENT=YES' : ''}`,
        );
    if (s.uri) lines.push(`#EXTINF:${secs(s.seconds)},`, s.uri);
  });
  if (p.preloadHint) lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${p.preloadHint}"`);
  return `${lines.join('\n')}\n`;
}

export const isLlPlaylist = (text: string) => text.includes('#EXT-X-PART-INF');

export interface PlaylistEdge {
  /** The last complete segment's number (first - 1 when there is none). */
  lastComplete: number;
  /** Parts listed after it (of the segment being written). */
  openParts: number;
  /** Discontinuities before the first segment and listed ones: the numbering of timelines. */
  discontinuities: number;
  /** `#EXT-X-TARGETDURATION`, seconds (null when missing). */
  targetSeconds: number | null;
  /** `#EXT-X-PART-INF` PART-TARGET, seconds (null when the playlist has no parts). */
  partTargetSeconds: number | null;
  /** Parts listed for the last complete segment (0 when none are listed). */
  partsPerSegment: number;
}

/** Where a (LL-)HLS playlist ends. */
export function playlistEdge(text: string): PlaylistEdge {
  let first = 0;
  let complete = 0;
  let openParts = 0;
  let discontinuities = 0;
  let targetSeconds: number | null = null;
  let partTargetSeconds: number | null = null;
  let partsPerSegment = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) first = Number(line.slice(22)) || 0;
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) targetSeconds = Number(line.slice(22)) || null;
    else if (line.startsWith('#EXT-X-DISCONTINUITY-SEQUENCE:'))
      discontinuities += Number(line.slice(30)) || 0;
    else if (line === '#EXT-X-DISCONTINUITY') discontinuities++;
    else if (line.startsWith('#EXT-X-PART-INF:'))
      partTargetSeconds = Number(/PART-TARGET=([\d.]+)/.exec(line)?.[1]) || null;
    else if (line.startsWith('#EXTINF:')) {
      complete++;
      partsPerSegment = openParts;
      openParts = 0;
    } else if (line.startsWith('#EXT-X-PART:')) openParts++;
  }
  return {
    lastComplete: first + complete - 1,
    openParts,
    discontinuities,
    targetSeconds,
    partTargetSeconds,
    partsPerSegment,
  };
}

/**
 * Whether a playlist holds segment `msn` (complete) or, with `part`, that part of it: what a blocking
 * reload waits for. A finished segment answers a request for any of its parts (the next one is part 0
 * of the segment after it).
 */
export function playlistHas(edge: PlaylistEdge, msn: number, part: number | undefined): boolean {
  if (msn <= edge.lastComplete) return true;
  return part !== undefined && msn === edge.lastComplete + 1 && part < edge.openParts;
}

/**
 * RFC 8216bis 6.2.5.2: `_HLS_msn` more than two segments past the last one, or `_HLS_part` further past
 * the last listed part than the Advance Part Limit (three divided by the part target when that is under a
 * second, else three), is a bad request. Names the directive at fault, or null when the request is fine.
 */
export function tooFarAhead(edge: PlaylistEdge, msn: number, part?: number): '_HLS_msn' | '_HLS_part' | null {
  if (msn > edge.lastComplete + 2) return '_HLS_msn';
  if (part === undefined || msn <= edge.lastComplete || !edge.partTargetSeconds) return null;
  const target = edge.partTargetSeconds;
  const limit = target < 1 ? Math.floor(3 / target) : 3;
  const perSegment = edge.partsPerSegment || Math.round((edge.targetSeconds ?? 2) / target);
  const lastListed = edge.openParts - 1;
  const ahead = (msn - edge.lastComplete - 1) * perSegment + part - lastListed;
  return ahead > limit ? '_HLS_part' : null;
}
