/**
 * The copied source's BANDWIDTH in the multivariant playlist is an estimate (the probe's figure, or 6
 * Mbit/s) until its first segments are written: then it is their real peak bitrate, and its size is
 * probed from them (abr-files.ts) when the probe did not give it. Viewers who join later (nearly all)
 * read the measured figures. A 2.5 Mbit/s source listed at 6.7 Mbit/s kept viewers on a lower rung long
 * after their line allowed the source.
 */
import { measuredKbps, probeSegment, writeMultivariant } from './abr-files';
import { LADDER_AUDIO_KBPS, type LadderSource, type PlannedRung } from './abr-ladder';

/** Seconds to wait for the source's first segments. */
const MEASURE_TRIES = 60;

export interface SourceMeasureOptions {
  dir: string;
  ladder: readonly PlannedRung[];
  source: LadderSource;
  ffmpegPath: string;
  log?: (message: string, details: Record<string, unknown>) => void;
}

/** Starts measuring once a second; returns the cancel. */
export function measureLadderSource(o: SourceMeasureOptions): () => void {
  let tries = 0;
  let cancelled = false;
  const timer = setInterval(() => {
    const kbps = measuredKbps(o.dir);
    if (kbps === null && ++tries < MEASURE_TRIES) return;
    clearInterval(timer);
    if (kbps !== null && !cancelled) void remeasured(o, kbps, () => cancelled);
  }, 1000);
  timer.unref();
  return () => {
    cancelled = true;
    clearInterval(timer);
  };
}

async function remeasured(o: SourceMeasureOptions, kbps: number, cancelled: () => boolean) {
  const known = o.source;
  const video = known.height ? null : await probeSegment(o.dir, o.ffmpegPath);
  const source: LadderSource = video
    ? { ...known, width: video.width, height: video.height, fps: video.fps ?? known.fps }
    : known;
  const audio = source.audioKbps ?? LADDER_AUDIO_KBPS;
  const rungs = o.ladder.map((r, i) =>
    i === 0
      ? {
          ...r,
          videoKbps: Math.max(100, kbps - audio),
          width: source.width ?? null,
          height: source.height ?? null,
        }
      : r,
  );
  if (cancelled()) return;
  writeMultivariant(o.dir, rungs, source);
  o.log?.('ladder source measured', { kbps, width: source.width, height: source.height });
}
