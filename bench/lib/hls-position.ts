/**
 * How much media a live HLS stream has produced, read from its playlists (issue 30 item 8: capacity
 * counts a stream as real time only when its media keeps pace with the clock). Polling the newest
 * segment cannot tell: a 2 s segment seen up to one poll late at either end of a 20 s window is ±20 %.
 * Here each playlist read adds the durations it lists per media sequence number, and the position at a
 * moment is every complete segment from the first one seen plus the parts of the open one (±one part).
 */
export interface StreamTrack {
  /** Duration (s) of each complete segment seen, by media sequence number. */
  durations: Map<number, number>;
  /** The first sequence number seen: positions count from its start. */
  first: number | null;
}

export const newTrack = (): StreamTrack => ({ durations: new Map(), first: null });

interface PlaylistRead {
  /** Complete segments: [msn, seconds]. */
  complete: [number, number][];
  /** The open segment's number and the seconds of its parts so far. */
  open: { msn: number; seconds: number };
}

export function readPlaylist(text: string): PlaylistRead {
  let msn = 0;
  let partSeconds = 0;
  const complete: [number, number][] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) msn = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-PART:')) partSeconds += Number(/DURATION=([\d.]+)/.exec(line)?.[1] ?? 0);
    else if (line.startsWith('#EXTINF:')) {
      complete.push([msn, Number.parseFloat(line.slice(8))]);
      msn++;
      partSeconds = 0;
    }
  }
  return { complete, open: { msn, seconds: partSeconds } };
}

/**
 * Adds a playlist read to the track and returns the stream's position then: the seconds of media from
 * the start of the first segment seen, or null when a segment between is unknown (it left the playlist
 * before any read listed it: a gap the caller counts as a failure).
 */
export function positionAfter(track: StreamTrack, text: string): number | null {
  const read = readPlaylist(text);
  for (const [msn, seconds] of read.complete) track.durations.set(msn, seconds);
  track.first ??= read.complete[0]?.[0] ?? read.open.msn;
  let total = 0;
  for (let msn = track.first; msn < read.open.msn; msn++) {
    const seconds = track.durations.get(msn);
    if (seconds === undefined) return null;
    total += seconds;
  }
  return total + read.open.seconds;
}
