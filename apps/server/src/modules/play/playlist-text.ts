/**
 * What a viewer's playlist request is answered with, from the playlist file the program writer left in
 * the shared folder: the delta updates a live DVR playlist offers (and the delta asked for), and how the
 * files in it are addressed. Pure, so every process sharing the folder answers alike.
 */
import { deltaUpdate, withSkipControl } from '@stromwerk/media/hls-delta';

/**
 * How the playlist was asked for: under the signed path prefix `/play/<id>/t/<token>/`, where every file
 * name resolves to an address that carries the token already; or with the token in the query (the old
 * address), where each line must carry it.
 */
export type Addressing = 'path' | 'query';

export interface Presentation {
  /** `_HLS_skip` was sent (YES or v2: we offer no date ranges, so both mean the same). */
  skip: boolean;
  addressing: Addressing;
  token: string;
}

/** Adds `?t=<token>` to every URI of a playlist (segment lines and URI="..." attributes). */
export function tokenOnEveryLine(text: string, token: string): string {
  const t = encodeURIComponent(token);
  return text
    .split('\n')
    .map((line) =>
      !line
        ? line
        : line.startsWith('#')
          ? line.replace(/URI="([^"?]+)"/g, `URI="$1?t=${t}"`)
          : `${line.trim()}?t=${t}`,
    )
    .join('\n');
}

export function presentPlaylist(text: string, p: Presentation): string {
  const offered = withSkipControl(text);
  const body = p.skip ? deltaUpdate(offered) : offered;
  return p.addressing === 'query' ? tokenOnEveryLine(body, p.token) : body;
}
