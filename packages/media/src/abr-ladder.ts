/**
 * A player's quality ladder (issue 34), pure: which rungs a program offers given the setting and what is
 * known of the source, where each rung's files go, and the multivariant playlist that lists them.
 *
 * The top rung keeps the program's own folder (`index.m3u8`, `seg_<n>.ts`), so the Clipping Tool, the
 * recording, the targets fed by the player and the DVR read it exactly as without a ladder; the lower
 * rungs go to `r1/`, `r2/`… below it, and `master.m3u8` beside the top rung's playlist names them all.
 */
import type { LadderRung } from '@stromwerk/contracts/values';

export type TranscodedRung = Exclude<LadderRung, 'source'>;

export interface RungSpec {
  height: number;
  /** Video bitrate (libx264 -b:v and -maxrate). */
  videoKbps: number;
  /** H.264 level for the rung's size at up to 30 fps (its CODECS string; 60 fps needs one more). */
  level: string;
}

/**
 * Bitrates for H.264 at 30 fps, as the common ladders (Apple's authoring guide, YouTube's live table)
 * give them, rounded down a little: the point of the lower rungs is the thin line.
 */
export const RUNG_SPECS: Readonly<Record<TranscodedRung, RungSpec>> = {
  '1080p': { height: 1080, videoKbps: 4500, level: '4.0' },
  '720p': { height: 720, videoKbps: 2500, level: '3.1' },
  '480p': { height: 480, videoKbps: 1000, level: '3.1' },
  '360p': { height: 360, videoKbps: 600, level: '3.0' },
  '240p': { height: 240, videoKbps: 300, level: '3.0' },
};

/** The source's AAC is copied into every rung; its bitrate when the source does not say. */
export const LADDER_AUDIO_KBPS = 128;
/** The copied source's bitrate when its stream info does not say (a 1080p30 encoder's usual 6 Mbit/s). */
export const DEFAULT_SOURCE_KBPS = 6000;
export const MULTIVARIANT_NAME = 'master.m3u8';

export interface LadderSource {
  width?: number | null;
  height?: number | null;
  fps?: number | null;
  videoKbps?: number | null;
  audioKbps?: number | null;
}

export interface PlannedRung {
  name: LadderRung;
  /** Folder below the program's: '' for the top rung, `r<i>` for the others. */
  dir: string;
  copy: boolean;
  /** Nominal size (the scale never goes above the source's, see abr-args.ts); null when unknown. */
  width: number | null;
  height: number | null;
  videoKbps: number;
  /** H.264 level of a transcoded rung; null for the copy. */
  level: string | null;
}

const evenWidth = (height: number, source: LadderSource) => {
  const aspect = source.width && source.height ? source.width / source.height : 16 / 9;
  return 2 * Math.round((height * aspect) / 2);
};

/**
 * The rungs to write, top first. Empty for "source only". A transcoded rung at or above the source's
 * height is dropped when the source is known (never upscaling; with `source` in the ladder the copy is
 * that rung); a ladder left empty by that keeps its lowest rung, which the scale holds to the source's size.
 */
export function planLadder(ladder: readonly LadderRung[], source: LadderSource = {}): PlannedRung[] {
  if (ladder.length === 0) return [];
  const copy = ladder.includes('source');
  const sourceHeight = source.height ?? null;
  const all = (Object.keys(RUNG_SPECS) as TranscodedRung[]).filter((r) => ladder.includes(r));
  let scaled = sourceHeight
    ? all.filter((r) => (copy ? RUNG_SPECS[r].height < sourceHeight : RUNG_SPECS[r].height <= sourceHeight))
    : all;
  if (scaled.length === 0 && !copy && all.length > 0) scaled = [all[all.length - 1]!];
  const rungs: Omit<PlannedRung, 'dir'>[] = [];
  if (copy)
    rungs.push({
      name: 'source',
      copy: true,
      width: source.width ?? null,
      height: sourceHeight,
      videoKbps: source.videoKbps ?? DEFAULT_SOURCE_KBPS,
      level: null,
    });
  for (const name of scaled) {
    const spec = RUNG_SPECS[name];
    const height = sourceHeight ? Math.min(spec.height, sourceHeight) : spec.height;
    rungs.push({
      name,
      copy: false,
      width: evenWidth(height, source),
      height,
      videoKbps: spec.videoKbps,
      level: spec.level,
    });
  }
  return rungs.map((r, i) => ({ ...r, dir: i === 0 ? '' : `r${i}` }));
}

/** `avc1.64<level>`: High profile (abr-args.ts asks libx264 for it), level as a hex byte. */
export function h264Codecs(level: string): string {
  const byte = Math.round(Number(level) * 10)
    .toString(16)
    .padStart(2, '0');
  return `avc1.6400${byte},mp4a.40.2`;
}

/**
 * The multivariant playlist (RFC 8216bis 4.4.6): one EXT-X-STREAM-INF per rung, top first, addresses
 * relative to the program's folder. BANDWIDTH is the peak (video at its maxrate plus audio, 10 % of
 * container overhead). CODECS only when every rung's is known: the copied source's profile is not, and
 * hls.js treats variants of other codec strings as other groups. RESOLUTION only when every rung's is
 * known, FRAME-RATE when the source's is.
 */
export function renderMultivariant(rungs: readonly PlannedRung[], source: LadderSource = {}): string {
  const audio = source.audioKbps ?? LADDER_AUDIO_KBPS;
  const codecs = rungs.every((r) => r.level !== null);
  // hls.js orders its levels by height when any has one (by bitrate otherwise), and its ABR takes the
  // last as the best: a copied source without a size went first, below 240p, and was never picked.
  const sizes = rungs.every((r) => r.width && r.height);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of rungs) {
    const attrs = [`BANDWIDTH=${Math.round((r.videoKbps + audio) * 1100)}`];
    attrs.push(`AVERAGE-BANDWIDTH=${Math.round((r.videoKbps + audio) * 1000)}`);
    if (sizes) attrs.push(`RESOLUTION=${r.width}x${r.height}`);
    if (source.fps) attrs.push(`FRAME-RATE=${source.fps.toFixed(3)}`);
    if (codecs && r.level) attrs.push(`CODECS="${h264Codecs(r.level)}"`);
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, r.dir ? `${r.dir}/index.m3u8` : 'index.m3u8');
  }
  return `${lines.join('\n')}\n`;
}
