import { LAYOUT_BREAKPOINTS } from '@stromwerk/contracts/limits';

export type LayoutClass = 'compact' | 'medium' | 'expanded';

/** Spec section 2: below 600 compact; 600 up to and including 840 medium; above 840 expanded. */
export function layoutClassFor(width: number): LayoutClass {
  if (width < LAYOUT_BREAKPOINTS.compactBelow) return 'compact';
  if (width <= LAYOUT_BREAKPOINTS.mediumUpTo) return 'medium';
  return 'expanded';
}
