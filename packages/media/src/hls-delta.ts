/**
 * Playlist Delta Updates (RFC 8216bis 4.4.3.8 CAN-SKIP-UNTIL, 4.4.5.2 EXT-X-SKIP, 6.2.5.1) for the live
 * playlists ffmpeg writes. A DVR playlist of a day is 10,800 segments (~900 kB) that every viewer reloads
 * once per target duration; with `_HLS_skip=YES` it gets only the last six target durations and one
 * EXT-X-SKIP line for the rest, which it already holds. Pure text in, text out: the server applies it to
 * whatever playlist file it serves, so any process sharing the folder answers alike.
 */

/** The Skip Boundary in target durations: the specification's minimum. */
export const SKIP_TARGETS = 6;
/** EXT-X-SKIP needs protocol version 9. */
const SKIP_VERSION = 9;

const HEADER_TAGS = [
  '#EXTM3U',
  '#EXT-X-VERSION:',
  '#EXT-X-TARGETDURATION:',
  '#EXT-X-MEDIA-SEQUENCE:',
  '#EXT-X-DISCONTINUITY-SEQUENCE:',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXT-X-PLAYLIST-TYPE:',
  '#EXT-X-SERVER-CONTROL:',
  '#EXT-X-PART-INF:',
  '#EXT-X-START:',
  '#EXT-X-ALLOW-CACHE:',
];

interface Split {
  header: string[];
  /** Each media segment's lines, its URI last, with its duration. */
  segments: { lines: string[]; seconds: number }[];
  /** What follows the last segment's URI (an end list, a preload hint). */
  tail: string[];
  targetSeconds: number | null;
}

function split(text: string): Split {
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && HEADER_TAGS.some((tag) => lines[i]!.startsWith(tag))) i++;
  const header = lines.slice(0, i);
  const segments: Split['segments'] = [];
  let pending: string[] = [];
  let seconds = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    pending.push(line);
    if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice(8)) || 0;
    else if (line && !line.startsWith('#')) {
      segments.push({ lines: pending, seconds });
      pending = [];
      seconds = 0;
    }
  }
  const target = header.find((l) => l.startsWith('#EXT-X-TARGETDURATION:'));
  return { header, segments, tail: pending, targetSeconds: target ? Number(target.slice(22)) || null : null };
}

/**
 * The Skip Boundary (seconds) this playlist offers, or null when it offers none: an ended or VOD playlist
 * (a client has no reason to reload it), a low-latency one (ours lists seconds, not a DVR window), or one
 * that holds no more than the boundary (a delta would skip nothing).
 */
export function skipBoundary(text: string): number | null {
  if (text.includes('#EXT-X-ENDLIST') || text.includes('#EXT-X-PLAYLIST-TYPE:VOD')) return null;
  if (text.includes('#EXT-X-PART-INF') || text.includes('#EXT-X-SERVER-CONTROL')) return null;
  const { segments, targetSeconds } = split(text);
  if (!targetSeconds) return null;
  const boundary = SKIP_TARGETS * targetSeconds;
  const total = segments.reduce((sum, s) => sum + s.seconds, 0);
  return total > boundary + targetSeconds ? boundary : null;
}

/** The playlist with `#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=<boundary>` when it offers delta updates. */
export function withSkipControl(text: string): string {
  const boundary = skipBoundary(text);
  if (boundary === null) return text;
  return text.replace(
    /^(#EXT-X-TARGETDURATION:.*)$/m,
    `$1\n#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=${boundary}`,
  );
}

/**
 * The Delta Update of a playlist `withSkipControl` gave a CAN-SKIP-UNTIL: every segment that starts
 * more than the Skip Boundary before the playlist's end is replaced by one `#EXT-X-SKIP` (with the tags
 * that belong to those segments: date-times, discontinuities). The header stays, so the media and
 * discontinuity sequence still count from the first skipped segment. A playlist that offers no delta
 * updates comes back as it is (the specification lets a server answer `_HLS_skip` with the whole list).
 */
export function deltaUpdate(text: string): string {
  const control = /#EXT-X-SERVER-CONTROL:.*CAN-SKIP-UNTIL=([\d.]+)/.exec(text);
  if (!control) return text;
  const boundary = Number(control[1]);
  const { header, segments, tail } = split(text);
  let kept = 0;
  let covered = 0;
  // Keep segments from the end until they cover the boundary: none starting within it is skipped.
  while (kept < segments.length && covered < boundary)
    covered += segments[segments.length - 1 - kept++]!.seconds;
  const skipped = segments.length - kept;
  if (skipped <= 0) return text;
  const lines = header.map((l) =>
    l.startsWith('#EXT-X-VERSION:') && Number(l.slice(15)) < SKIP_VERSION
      ? `#EXT-X-VERSION:${SKIP_VERSION}`
      : l,
  );
  if (!lines.some((l) => l.startsWith('#EXT-X-VERSION:')))
    lines.splice(1, 0, `#EXT-X-VERSION:${SKIP_VERSION}`);
  lines.push(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`);
  for (const s of segments.slice(skipped)) lines.push(...s.lines);
  return [...lines, ...tail].join('\n');
}
