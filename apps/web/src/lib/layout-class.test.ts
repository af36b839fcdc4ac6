import { describe, expect, it } from 'vitest';
import { layoutClassFor } from './layout-class';

describe('layoutClassFor (spec section 2)', () => {
  it.each([
    [0, 'compact'],
    [599, 'compact'],
    [600, 'medium'],
    [840, 'medium'],
    [841, 'expanded'],
    [1920, 'expanded'],
  ])('%i px is %s', (width, expected) => {
    expect(layoutClassFor(width)).toBe(expected);
  });
});
