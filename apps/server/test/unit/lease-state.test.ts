import { describe, expect, it } from 'vitest';
import {
  claimOutcome,
  HEARTBEAT_MS,
  HUNG_AFTER_MS,
  isHung,
  LEASE_KINDS,
  leaseKey,
  lockKeyOf,
  nextToken,
  parseLeaseKey,
} from '../../src/modules/live/lease-state';

describe('live lease rules', () => {
  it('a first claim takes the drawn token; the same holder keeps its own; any other gets a higher one', () => {
    expect(nextToken(undefined, 'a', 41)).toBe(41);
    expect(nextToken({ holder: 'a', token: 7 }, 'a', 41)).toBe(7);
    expect(nextToken({ holder: 'a', token: 7 }, 'b', 41)).toBe(41);
    // A row written before the sequence existed may be ahead of it: the token still grows.
    expect(nextToken({ holder: 'a', token: 50 }, 'b', 41)).toBe(51);
  });

  it('a token never goes back, whatever the order of claims, releases and draws', () => {
    let seed = 7;
    const pick = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed >>> 16) % n;
    };
    let drawn = 0;
    let row: { holder: string; token: number } | undefined;
    let last = 0;
    const seen = { kept: 0, changed: 0, released: 0 };
    for (let step = 0; step < 500; step++) {
      if (pick(4) === 0) {
        row = undefined; // given back: the row is deleted
        seen.released++;
        continue;
      }
      drawn += 1 + pick(3); // every claim draws, as nextval() in the INSERT does; other things draw too
      const holder = ['a', 'b', 'c'][pick(3)]!;
      const kept = row?.holder === holder;
      row = { holder, token: nextToken(row, holder, drawn) };
      if (kept) expect(row.token).toBe(last);
      else expect(row.token).toBeGreaterThan(last);
      last = row.token;
      seen[kept ? 'kept' : 'changed']++;
    }
    // The walk went through every case.
    expect(Math.min(seen.kept, seen.changed, seen.released)).toBeGreaterThan(50);
  });

  it('names what a claim did from the previous holder', () => {
    expect(claimOutcome(null, 'a')).toBe('acquired');
    expect(claimOutcome('a', 'a')).toBe('renewed');
    expect(claimOutcome('a', 'b')).toBe('taken-over');
  });

  it('lock keys are stable, positive 63-bit, and differ by kind and id', () => {
    const id = '2b0c4f0e-7a51-4e4c-9d84-6c2f0f6d1a10';
    const keys = LEASE_KINDS.map((k) => lockKeyOf(k, id));
    for (const key of keys) {
      expect(key).toBeGreaterThanOrEqual(0n);
      expect(key).toBeLessThan(2n ** 63n);
    }
    expect(new Set(keys).size).toBe(LEASE_KINDS.length);
    expect(lockKeyOf('source', id)).toBe(lockKeyOf('source', id));
    // No collisions among ten thousand sources (pg_locks tells holders apart by this key alone).
    const many = new Set(Array.from({ length: 10_000 }, (_, i) => lockKeyOf('source', `s-${i}`)));
    expect(many.size).toBe(10_000);
  });

  it('a stall of 15 s plus a late heartbeat is not hung; 20 s is', () => {
    expect(isHung(15_000 + HEARTBEAT_MS)).toBe(false);
    expect(isHung(16_500)).toBe(false);
    expect(isHung(20_000 - HEARTBEAT_MS)).toBe(true);
    expect(HUNG_AFTER_MS + HEARTBEAT_MS).toBeLessThan(20_000);
  });

  it('lease keys round-trip', () => {
    expect(parseLeaseKey(leaseKey('output', 'x-1'))).toEqual({ kind: 'output', id: 'x-1' });
  });
});
