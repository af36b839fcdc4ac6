import type { UserRow } from '../../plugins/auth';
import type { ApiKeyRow } from '../api-keys/api-keys.repository';
import type { SessionRow } from '../sessions/sessions.repository';
import type { Grant } from './access.repository';

/**
 * What changed about callers: one user (their row, sessions, API keys or memberships), everyone with a
 * membership in one corporation (blocked, deleted, a workspace of it deleted), or everything.
 */
export type IdentityChange = { userId: string } | { corporationId: string } | { all: true };

/** Carries changes to the other server processes on the same database (PostgreSQL LISTEN/NOTIFY). */
export interface IdentityChannel {
  /**
   * Sends a change to every process (this one included) and resolves once the database has delivered it
   * back to this process, so the other listeners have been sent it too.
   */
  publish(change: IdentityChange): Promise<void>;
  close(): Promise<void>;
}

/** What a credential resolved to: the user, their memberships, and the session or key row itself. */
export interface CachedIdentity {
  user: { id: string };
  grants: Grant[];
}

/** A bearer session (`s:<session id>`) or an API key (`k:<hash of the key>`) as the auth hook reads it. */
export interface ResolvedIdentity extends CachedIdentity {
  user: UserRow;
  session?: SessionRow;
  key?: ApiKeyRow;
}

interface Entry<T> {
  value: T;
  until: number;
  /** When a hit last moved the entry to the young end of the LRU order. */
  movedAt: number;
}

/**
 * A hit moves its entry to the young end at most this often: moving it on every hit (a Map delete and
 * set) was a fortieth of a small authenticated answer's CPU (issue 32), and an order a second old
 * chooses the same entries to drop when the cache is full.
 */
const MOVE_EVERY_MS = 1_000;

export interface IdentityCacheOptions {
  /** How long an entry may be used without being read again from the database: a safety net only. */
  ttlMs?: number;
  /** At most this many credentials are kept; the least recently used goes first. */
  maxEntries?: number;
  now?: () => number;
  /**
   * Opens the cross-process channel (PostgreSQL LISTEN/NOTIFY) with the cache's own listener: changes from
   * other processes drop entries here, and the cache works from the channel's first `listening(true)`.
   * Without it the cache serves one process (PGlite).
   */
  channel?: (listener: IdentityListener) => IdentityChannel;
}

/** What the cross-process channel tells the cache. */
export interface IdentityListener {
  message(change: IdentityChange): void;
  listening(up: boolean): void;
}

/**
 * A short-lived cache of resolved credentials (a session or API key with its user and memberships), so an
 * authenticated request needs no statement for authentication and access on a hit. Access decisions stay
 * in AccessService, which decides on the cached memberships exactly as on freshly read ones.
 *
 * Correctness rests on invalidation, not on the TTL: every service that changes a user, their sessions or
 * API keys, their memberships, or a corporation or workspace calls `forget` after its change committed,
 * which drops the entries here and (PostgreSQL) announces the change to the other processes, whose
 * listeners drop theirs. A load that raced with a change is not stored (`generation`). With PostgreSQL the
 * cache is only used while the listening connection is up; when it drops, everything is forgotten and
 * every request reads the database until it listens again.
 */
export class IdentityCache<T extends CachedIdentity = ResolvedIdentity> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Bumped by every change: a database read that started before it may be stale and is not stored. */
  private gen = 0;
  private channel: IdentityChannel | undefined;
  /** False while a cross-process channel is expected but not listening: nothing is served or stored. */
  private live: boolean;

  constructor(options: IdentityCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
    this.live = !options.channel;
    this.channel = options.channel?.({
      message: (change) => this.drop(change),
      listening: (up) => this.listening(up),
    });
  }

  get size() {
    return this.entries.size;
  }

  /** Whether entries are used: always on PGlite, on PostgreSQL while the listening connection is up. */
  get active() {
    return this.live;
  }

  /** Take before reading the database; pass to `set`, which stores nothing if a change came in between. */
  generation() {
    return this.gen;
  }

  get(key: string): T | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    // Map order is the LRU order: a hit moves the entry to the end.
    if (now - entry.movedAt >= MOVE_EVERY_MS) {
      entry.movedAt = now;
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  set(key: string, value: T, generation: number) {
    if (!this.live || generation !== this.gen) return;
    this.entries.delete(key);
    const now = this.now();
    this.entries.set(key, { value, until: now + this.ttlMs, movedAt: now });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /**
   * Call after a change committed: drops what it affects here and in every other process on the database.
   * Resolves once the other processes have been sent the change.
   */
  async forget(change: IdentityChange): Promise<void> {
    this.drop(change);
    // A NOTIFY that fails leaves the other processes' entries to their TTL; the change itself committed.
    if (this.channel) await this.channel.publish(change).catch(() => {});
  }

  /** Applies a change to this process only (what the channel's listener calls). */
  drop(change: IdentityChange) {
    this.gen++;
    if ('all' in change) {
      this.entries.clear();
      return;
    }
    for (const [key, { value }] of this.entries) {
      const hit =
        'userId' in change
          ? value.user.id === change.userId
          : value.grants.some((g) => g.corporationId === change.corporationId);
      if (hit) this.entries.delete(key);
    }
  }

  /** The channel's listening state: while down, entries could miss changes, so none are used or kept. */
  listening(up: boolean) {
    this.drop({ all: true });
    this.live = up;
  }

  async close() {
    this.listening(false);
    await this.channel?.close();
    this.channel = undefined;
  }
}
