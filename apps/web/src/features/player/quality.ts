/**
 * The quality menu's model (issue 34), pure: hls.js's levels of a player with a quality ladder as the
 * viewer sees them (highest first, named by height), and which one the menu marks.
 */

export interface QualityLevel {
  /** hls.js's level index (what `nextLevel` takes). */
  index: number;
  height: number;
  bitrate: number;
}

export interface QualityState {
  levels: QualityLevel[];
  /** The level playing now (hls.js's LEVEL_SWITCHED), -1 before the first. */
  playing: number;
  /** hls.js picks by bandwidth (the default), or the viewer chose `chosen`. */
  auto: boolean;
  chosen: number;
}

export const NO_QUALITY: QualityState = { levels: [], playing: -1, auto: true, chosen: -1 };

/** hls.js's levels, highest first; those of unknown height (a copy without RESOLUTION) by bitrate. */
export function qualityLevels(levels: readonly { height?: number; bitrate: number }[]): QualityLevel[] {
  return levels
    .map((l, index) => ({ index, height: l.height ?? 0, bitrate: l.bitrate }))
    .sort((a, b) => b.height - a.height || b.bitrate - a.bitrate);
}

/** `720p`, or the bitrate for a level whose size the playlist does not state. */
export function levelName(level: QualityLevel): string {
  return level.height > 0 ? `${level.height}p` : `${Math.round(level.bitrate / 1000)} kbit/s`;
}

/** The menu's value: `auto`, or the chosen level's index. */
export const menuValue = (q: QualityState): string => (q.auto ? 'auto' : String(q.chosen));

/** A menu is worth showing only with something to choose. */
export const hasChoice = (q: QualityState): boolean => q.levels.length > 1;
