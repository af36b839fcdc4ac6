import { describe, expect, it } from 'vitest';
import { ViewerThrottle } from '../../src/modules/play/viewer-throttle';

describe('ViewerThrottle', () => {
  it('counts a viewer at most every 2 s, each viewer on its own', () => {
    const t = new ViewerThrottle();
    expect(t.due('a', 1000)).toBe(true);
    expect(t.due('a', 1300)).toBe(false);
    expect(t.due('b', 1300)).toBe(true);
    expect(t.due('a', 2999)).toBe(false);
    expect(t.due('a', 3000)).toBe(true);
  });

  it('forgets viewers gone for a minute', () => {
    const t = new ViewerThrottle();
    t.due('a', 0);
    t.due('b', 30_000);
    expect(t.size).toBe(2);
    t.due('b', 70_000);
    expect(t.size).toBe(1);
  });
});
