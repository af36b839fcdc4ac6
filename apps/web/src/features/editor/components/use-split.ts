import type { Timeline } from '@stromwerk/contracts/drafts';
import { useState } from 'react';
import { splitAt, splitRefusal } from '../timeline-edit';

/**
 * "Split at playhead" (the button and S): splits, or says why not. The refusal stays on screen until the
 * playhead moves or the next split, so a user who pressed S sees that nothing happened and why.
 */
export function useSplit(
  timeline: Timeline,
  playheadMs: number,
  edit: (change: (t: Timeline) => Timeline) => void,
) {
  const [refused, setRefused] = useState<{ at: number; why: 'noClip' | 'tooShort' } | null>(null);
  const split = () => {
    const why = splitRefusal(timeline, playheadMs);
    setRefused(why ? { at: playheadMs, why } : null);
    if (!why) edit((current) => splitAt(current, playheadMs));
  };
  return { split, refusal: refused?.at === playheadMs ? refused.why : null };
}
