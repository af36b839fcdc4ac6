import type { OutputSettings, ProgramInput } from '@stromwerk/contracts/outputs';

export interface ProgramFacts {
  mainLive: boolean;
  backupLive: boolean;
  hasFallback: boolean;
  hasVod: boolean;
}

/**
 * The behaviour circuit (spec section 4), decided in one place:
 * - media: only the selected media;
 * - live: live as soon as it is available (main, else backup), otherwise the fallback media;
 * - auto: the player chooses what suits a viewer best: live when there is live, else the recording of
 *   the last stream when VOD after stream is on, else the fallback media.
 */
export function chooseInput(
  s: Pick<OutputSettings, 'behaviour' | 'vodAfterStream'>,
  f: ProgramFacts,
): ProgramInput {
  const fallback: ProgramInput = f.hasFallback ? 'fallback' : 'offline';
  if (s.behaviour === 'media') return fallback;
  if (f.mainLive) return 'main';
  if (f.backupLive) return 'backup';
  if (s.behaviour === 'auto' && s.vodAfterStream && f.hasVod) return 'vod';
  return fallback;
}
