/**
 * The ladder's files beside the program's own (abr-ladder.ts): the rungs' folders and the multivariant
 * playlist, written before the writer starts; removed when a player goes back to "source only", so the
 * play routes stop offering rungs nobody writes.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LadderSource, MULTIVARIANT_NAME, type PlannedRung, renderMultivariant } from './abr-ladder';
import { probeStream } from './probe';

const RUNG_DIR = /^r\d+$/;

export function prepareLadder(dir: string, rungs: readonly PlannedRung[], source: LadderSource = {}) {
  const wanted = new Set(rungs.map((r) => r.dir).filter(Boolean));
  // A folder of a rung no longer in the ladder: its playlist would go on being served, frozen.
  for (const name of rungFolders(dir))
    if (!wanted.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
  for (const name of wanted) mkdirSync(join(dir, name), { recursive: true });
  writeMultivariant(dir, rungs, source);
}

/** The multivariant playlist, replaced by rename (a reader never sees half of it). */
export function writeMultivariant(dir: string, rungs: readonly PlannedRung[], source: LadderSource = {}) {
  const tmp = join(dir, `${MULTIVARIANT_NAME}.tmp`);
  writeFileSync(tmp, renderMultivariant(rungs, source));
  renameSync(tmp, join(dir, MULTIVARIANT_NAME));
}

export function dropLadder(dir: string) {
  rmSync(join(dir, MULTIVARIANT_NAME), { force: true });
  for (const name of rungFolders(dir)) rmSync(join(dir, name), { recursive: true, force: true });
}

function rungFolders(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => RUNG_DIR.test(f));
  } catch {
    return [];
  }
}

/**
 * The copied source's real bitrate, from the segments its playlist lists (kbit/s of the fullest one,
 * audio and container included), once it lists `atLeast` of them; null before. A probe's bitrate is often
 * missing (FLV), and hls.js judges the top rung by its BANDWIDTH: an estimate of 6 Mbit/s for a
 * 2.5 Mbit/s source kept viewers on a lower rung long after their line allowed the source.
 */
export function measuredKbps(dir: string, atLeast = 2): number | null {
  let text: string;
  try {
    text = readFileSync(join(dir, 'index.m3u8'), 'utf8');
  } catch {
    return null;
  }
  const listed = [...text.matchAll(/#EXTINF:([\d.]+),[^\n]*\n(?:#[^\n]*\n)*([^#\s][^\n]*)/g)];
  if (listed.length < atLeast) return null;
  let peak = 0;
  for (const [, seconds, file] of listed) {
    const s = Number(seconds);
    if (!(s > 0.5)) continue;
    try {
      peak = Math.max(peak, (statSync(join(dir, file!.trim())).size * 8) / s / 1000);
    } catch {
      // deleted meanwhile (delete_segments)
    }
  }
  return peak > 0 ? Math.round(peak) : null;
}

/**
 * Size and frame rate of the copied source, from the newest segment of its playlist (ffprobe): an MPEG-TS
 * segment alone, or in low latency an fMP4 segment behind its init segment (`concat:`, bytes joined).
 */
export async function probeSegment(dir: string, ffmpegPath: string) {
  const text = (() => {
    try {
      return readFileSync(join(dir, 'index.m3u8'), 'utf8');
    } catch {
      return '';
    }
  })();
  const newest = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^seg_\d+\.(ts|m4s)$/.test(l))
    .at(-1);
  if (!newest) return null;
  const init = newest.endsWith('.m4s')
    ? [...text.matchAll(/#EXT-X-MAP:URI="(init_\d+\.mp4)"/g)].at(-1)?.[1]
    : null;
  const input = init ? `concat:${join(dir, init)}|${join(dir, newest)}` : join(dir, newest);
  const ffprobe = ffmpegPath.replace(/ffmpeg(\.exe)?$/, 'ffprobe$1');
  const info = await probeStream(input, ffprobe, 5000).catch(() => null);
  return info?.video?.width && info.video.height ? info.video : null;
}
