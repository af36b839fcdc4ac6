/**
 * What a program's writer writes (program-feed.ts): its LL-HLS packagers (one per rung in low latency),
 * the files it finds or leaves in the program's folder, and its ffmpeg arguments for the latency, the
 * ladder, its encoder and the real-time RTP output. The feed itself is about inputs and the switch.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type LadderEncoding, programLadderHls, programLadderLowLatency } from './abr-args';
import { dropLadder, prepareLadder } from './abr-files';
import type { LadderSource, PlannedRung } from './abr-ladder';
import { measureLadderSource } from './abr-measure';
import { isLowLatency, LATENCY_PROFILES, type LatencyProfile } from './hls-args';
import { LlHlsPackager } from './ll-hls-packager';
import { isLlPlaylist } from './ll-hls-playlist';
import { LOW_LATENCY_PART_TARGET, programHls, programLowLatency } from './program-args';
import type { RtpTargets } from './rtp-args';

export interface WriterOutputs {
  ffmpegPath: string;
  dir: string;
  latency: LatencyProfile;
  ladder?: readonly PlannedRung[];
  ladderSource?: LadderSource;
  ladderEncoding?: LadderEncoding;
  rtp?: RtpTargets;
  log?: (message: string, details: Record<string, unknown>) => void;
}

/** Low latency: one LL-HLS packager per rung (the top one in the program's folder); none otherwise. */
export function lowLatencyPackagers(o: WriterOutputs): LlHlsPackager[] {
  if (!isLowLatency(o.latency)) return [];
  const profile = LATENCY_PROFILES[o.latency];
  const folders = o.ladder?.length ? o.ladder.map((r) => (r.dir ? join(o.dir, r.dir) : o.dir)) : [o.dir];
  return folders.map(
    (dir) =>
      new LlHlsPackager({
        dir,
        segmentSeconds: profile.segmentSeconds,
        partTargetSeconds: LOW_LATENCY_PART_TARGET,
        listSize: profile.listSize,
        log: o.log,
      }),
  );
}

/**
 * The folder made ready for the writer: the ladder's folders and multivariant playlist (and the source's
 * measurement, whose cancel is returned), or without a ladder none of them left behind; outside low
 * latency no LL-HLS playlist left either. Then the writer's arguments.
 */
export function prepareWriter(o: WriterOutputs): { args: string[]; cancelMeasure?: () => void } {
  const { dir, latency, ladder } = o;
  let cancelMeasure: (() => void) | undefined;
  const rungs = ladder && ladder.length > 0 ? ladder : null;
  if (!rungs) dropLadder(dir);
  else {
    prepareLadder(dir, rungs, o.ladderSource);
    if (rungs[0]?.copy)
      cancelMeasure = measureLadderSource({
        dir,
        ladder: rungs,
        source: o.ladderSource ?? {},
        ffmpegPath: o.ffmpegPath,
        log: o.log,
      });
  }
  if (isLowLatency(latency)) {
    const args = rungs ? programLadderLowLatency(rungs, o.ladderEncoding, o.rtp) : programLowLatency(o.rtp);
    return { args, cancelMeasure };
  }
  dropLowLatencyPlaylist(dir);
  for (const r of rungs ?? []) if (r.dir) dropLowLatencyPlaylist(join(dir, r.dir));
  const args = rungs
    ? programLadderHls({ dir, latency, rungs, ...o.ladderEncoding })
    : programHls({ source: { kind: 'switcher' }, dir, latency });
  return { args, cancelMeasure };
}

/**
 * ffmpeg's HLS muxer appends to the playlist it finds (append_list) and cannot read LL-HLS (fMP4 parts):
 * after a player left low latency its writer starts a new playlist.
 */
function dropLowLatencyPlaylist(dir: string) {
  const path = join(dir, 'index.m3u8');
  try {
    if (isLlPlaylist(readFileSync(path, 'utf8'))) rmSync(path, { force: true });
  } catch {
    // no playlist yet
  }
}
