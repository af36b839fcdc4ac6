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
  it('a first claim gets token 1; the same holder keeps its token; any other holder gets one more', () => {
    expect(nextToken(undefined, 'a')).toBe(1);
    expect(nextToken({ holder: 'a', token: 7 }, 'a')).toBe(7);
    expect(nextToken({ holder: 'a', token: 7 }, 'b')).toBe(8);
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
