import { describe, expect, it } from 'vitest';
import { decideClaim, lostLeases, mayWrite } from '../../src/modules/live/lease-state';

const now = new Date('2026-11-26T04:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('live lease state machine', () => {
  it('a free thing is acquired with token 1 for the TTL', () => {
    const d = decideClaim(undefined, 'a', now, 5000);
    expect(d).toEqual({
      outcome: 'acquired',
      lease: { holder: 'a', token: 1, expiresAt: later(5000) },
      previousHolder: null,
    });
  });

  it('the holder renews its own lease, expired or not, keeping the token', () => {
    for (const expiresAt of [later(1000), later(-1000)]) {
      const d = decideClaim({ holder: 'a', token: 7, expiresAt }, 'a', now, 5000);
      expect(d).toMatchObject({
        outcome: 'renewed',
        lease: { holder: 'a', token: 7, expiresAt: later(5000) },
      });
    }
  });

  it('a live lease of another process is refused and left unchanged', () => {
    const current = { holder: 'a', token: 3, expiresAt: later(1) };
    expect(decideClaim(current, 'b', now)).toEqual({ outcome: 'refused', lease: current });
  });

  it('an expired lease of another process is taken over with the next token', () => {
    const d = decideClaim({ holder: 'a', token: 3, expiresAt: now }, 'b', now, 5000);
    expect(d).toEqual({
      outcome: 'taken-over',
      lease: { holder: 'b', token: 4, expiresAt: later(5000) },
      previousHolder: 'a',
    });
  });

  it('only the current holder with the current token may write', () => {
    const lease = { holder: 'b', token: 4, expiresAt: later(1000) };
    expect(mayWrite(lease, 'b', 4, now)).toBe(true);
    expect(mayWrite(lease, 'a', 3, now)).toBe(false); // the old holder, fenced off
    expect(mayWrite(lease, 'b', 3, now)).toBe(false); // a stale token of the same process
    expect(mayWrite(undefined, 'b', 4, now)).toBe(false);
    expect(mayWrite({ ...lease, expiresAt: now }, 'b', 4, now)).toBe(false);
  });

  it('a renewal round reports the leases that were lost', () => {
    const held = new Map([
      ['source:1', 1],
      ['target:2', 5],
      ['source:3', 2],
    ]);
    const renewed = new Map([
      ['source:1', 1],
      ['source:3', 3],
    ]);
    expect(lostLeases(held, renewed)).toEqual(['target:2', 'source:3']);
  });
});
