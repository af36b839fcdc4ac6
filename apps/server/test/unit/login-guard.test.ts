import { describe, expect, it } from 'vitest';
import { FREE_FAILURES, MAX_WAIT_SECONDS, waitAfter } from '../../src/modules/auth/login-guard';

describe('login wait after failures in a row (issue 31)', () => {
  it('leaves the first failures free, then doubles the wait up to 15 minutes', () => {
    const waits = Array.from({ length: 14 }, (_, i) => waitAfter(i + 1, FREE_FAILURES));
    expect(waits.slice(0, FREE_FAILURES)).toEqual([0, 0, 0]);
    expect(waits.slice(FREE_FAILURES, FREE_FAILURES + 4)).toEqual([2, 4, 8, 16]);
    expect(Math.max(...waits)).toBe(MAX_WAIT_SECONDS);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
  });

  it('gives one free failure while the account is under attack', () => {
    expect([1, 2, 3].map((n) => waitAfter(n, 1))).toEqual([0, 2, 4]);
  });
});
