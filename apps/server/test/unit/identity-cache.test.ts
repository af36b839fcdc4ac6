import { describe, expect, it } from 'vitest';
import { type CachedIdentity, IdentityCache } from '../../src/modules/access/identity-cache';

const entry = (userId: string, corporationIds: string[] = []): CachedIdentity => ({
  user: { id: userId },
  grants: corporationIds.map((corporationId) => ({
    corporationId,
    workspaceId: null,
    permissions: ['read'],
    corporationBlocked: false,
  })),
});

describe('IdentityCache', () => {
  it('forgets entries after the TTL', () => {
    let now = 1_000;
    const cache = new IdentityCache<CachedIdentity>({ ttlMs: 5_000, now: () => now });
    cache.set('s:1', entry('u1'), cache.generation());
    now += 4_999;
    expect(cache.get('s:1')).toBeDefined();
    now += 1;
    expect(cache.get('s:1')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    let now = 1_000;
    const cache = new IdentityCache<CachedIdentity>({ maxEntries: 2, now: () => now });
    cache.set('a', entry('ua'), cache.generation());
    cache.set('b', entry('ub'), cache.generation());
    now += 1_000;
    cache.get('a');
    cache.set('c', entry('uc'), cache.generation());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('orders by use to the second: a hit within a second of the last move does not move the entry', () => {
    let now = 1_000;
    const cache = new IdentityCache<CachedIdentity>({ maxEntries: 2, now: () => now });
    cache.set('a', entry('ua'), cache.generation());
    cache.set('b', entry('ub'), cache.generation());
    now += 999;
    cache.get('a');
    cache.set('c', entry('uc'), cache.generation());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
  });

  it('does not store a read that raced with a change', () => {
    const cache = new IdentityCache<CachedIdentity>();
    const before = cache.generation();
    cache.drop({ userId: 'someone else' });
    cache.set('s:1', entry('u1'), before);
    expect(cache.get('s:1')).toBeUndefined();
  });

  it('drops by user, by corporation membership and everything', async () => {
    const cache = new IdentityCache<CachedIdentity>();
    const fill = () => {
      cache.set('s:1', entry('u1', ['c1']), cache.generation());
      cache.set('k:1', entry('u1', ['c1']), cache.generation());
      cache.set('s:2', entry('u2', ['c2']), cache.generation());
    };
    fill();
    await cache.forget({ userId: 'u1' });
    expect([cache.get('s:1'), cache.get('k:1')]).toEqual([undefined, undefined]);
    expect(cache.get('s:2')).toBeDefined();
    fill();
    await cache.forget({ corporationId: 'c2' });
    expect(cache.get('s:2')).toBeUndefined();
    expect(cache.get('s:1')).toBeDefined();
    await cache.forget({ all: true });
    expect(cache.size).toBe(0);
  });

  it('across processes: serves and stores nothing until listening, and publishes every change', async () => {
    const sent: unknown[] = [];
    const cache = new IdentityCache<CachedIdentity>({
      channel: () => ({ publish: async (c) => void sent.push(c), close: async () => {} }),
    });
    cache.set('s:1', entry('u1'), cache.generation());
    expect(cache.get('s:1')).toBeUndefined();
    cache.listening(true);
    cache.set('s:1', entry('u1'), cache.generation());
    expect(cache.get('s:1')).toBeDefined();
    await cache.forget({ userId: 'u1' });
    expect(sent).toEqual([{ userId: 'u1' }]);
    cache.set('s:1', entry('u1'), cache.generation());
    cache.listening(false);
    expect(cache.get('s:1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
