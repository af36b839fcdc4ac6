import { useEffect } from 'react';
import { isTypingTarget } from '../clip-range';

/**
 * The Clipping Tool's keys on the whole page: I and O set In and Out, M marks (when `mark` is given),
 * ←/→ step a frame, with Shift a segment. Ignored while typing in a field or with a modifier held.
 */
export function useClipKeys(o: {
  markIn: () => void;
  markOut: () => void;
  mark: (() => void) | null;
  step: (direction: -1 | 1, segment: boolean) => void;
}) {
  const { markIn, markOut, mark, step } = o;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'i') markIn();
      else if (key === 'o') markOut();
      else if (key === 'm' && mark) mark();
      else if (event.key === 'ArrowLeft') step(-1, event.shiftKey);
      else if (event.key === 'ArrowRight') step(1, event.shiftKey);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [markIn, markOut, mark, step]);
}
