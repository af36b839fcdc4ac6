/**
 * A player's quality ladder as its program writer needs it (issue 34): the rungs planned from the
 * setting and what the main source's probe saw (so no rung is above the source), and the multivariant
 * playlist's facts. Low latency stays source only (its LL-HLS ladder is not built yet).
 */
import type { OutputSettings } from '@stromwerk/contracts/outputs';
import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import { type LadderSource, type PlannedRung, planLadder } from '@stromwerk/media/abr-ladder';

export interface ProgramLadder {
  rungs: PlannedRung[];
  source: LadderSource;
}

export function programLadder(
  settings: Pick<OutputSettings, 'latency'> & { ladder?: OutputSettings['ladder'] },
  info: StreamInfo | null | undefined,
): ProgramLadder {
  const video = info?.video;
  const source: LadderSource = {
    width: video?.width,
    height: video?.height,
    fps: video?.fps,
    videoKbps: video?.bitrateKbps,
    audioKbps: info?.audio?.bitrateKbps,
  };
  const ladder = settings.latency === 'low' ? [] : (settings.ladder ?? []);
  return { rungs: planLadder(ladder, source), source };
}

/** What restarts the writer: the latency (other segments) and the ladder setting (another filter graph). */
export const writerSignature = (settings: { latency: string; ladder?: readonly string[] }) =>
  `${settings.latency}|${[...(settings.ladder ?? [])].sort().join(',')}`;
