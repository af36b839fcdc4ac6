/**
 * The rules of the live leases (issues 19 and 29), decided in one place. A lease names the one server
 * process allowed to run a live thing (a source's ingest or publisher, a target's push, a player's
 * writer) and to write its live state. Holding it = holding the thing's advisory lock on the process's
 * lock session (`db/lock-session.ts`); the database ends the lock with the session. Seen from one process:
 *
 *   free --tryLock ok--> held (row written: token 1, or token + 1 when another holder wrote it last)
 *   free --tryLock refused--> held elsewhere (another live session has the lock)
 *   held --release--> free (row deleted: nothing to correct)
 *   held --hand over--> orphan (lock dropped, row kept: a successor takes over and continues)
 *   held --session lost (crash, kill -9, evicted)--> orphan (the database dropped the lock)
 *   orphan --tryLock ok--> held by the successor (token + 1: the old holder's writes are fenced off)
 *
 * A hung process keeps its session: its heartbeat stops, and after `HUNG_AFTER_MS` another process ends
 * its session (`pg_terminate_backend`), which turns its leases into orphans. A stall shorter than that
 * loses nothing.
 */
import { createHash } from 'node:crypto';

/** `output`: the writer of a player's program (program-owner.ts). */
export type LeaseKind = 'source' | 'target' | 'output';
export const LEASE_KINDS: readonly LeaseKind[] = ['source', 'target', 'output'];

/** How often a process looks for orphans (leases whose lock nobody holds) and retries wanted leases. */
export const ORPHAN_SCAN_MS = 250;
/** How often a process renews its heartbeat and looks for hung processes. */
export const HEARTBEAT_MS = 1_000;
/**
 * A heartbeat older than this is a hung process: its lock session is ended. Above a 15 s stall plus a
 * heartbeat interval and a late write on a busy machine; below the 20 s in which a hung process must lose
 * its streams (issue 29).
 */
export const HUNG_AFTER_MS = 17_500;
/** How often a process looks for leases it holds for nothing (released when seen so twice). */
export const IDLE_CHECK_MS = 5_000;
/** A heartbeat this fresh is a running process (cluster-mode.ts, health). */
export const ALIVE_WITHIN_MS = 3 * HEARTBEAT_MS;

export interface Fence {
  holder: string;
  token: number;
}

export type ClaimOutcome = 'acquired' | 'renewed' | 'taken-over';

/** What a claim did, from the row's previous holder. */
export function claimOutcome(previousHolder: string | null, me: string): ClaimOutcome {
  if (previousHolder === null) return 'acquired';
  return previousHolder === me ? 'renewed' : 'taken-over';
}

/**
 * The token a claim writes (the fencing token): kept by the same holder; any other takes `drawn`, the next
 * value of the database's token sequence, or one more than the row's if that is higher. A sequence never
 * goes back, so neither does a thing's token when its row was given back and written again.
 */
export function nextToken(current: Fence | undefined, me: string, drawn: number): number {
  if (!current) return drawn;
  return current.holder === me ? current.token : Math.max(current.token + 1, drawn);
}

/**
 * The advisory lock of a thing: 63 bits of a hash of kind and id, so `pg_locks` shows it as a positive
 * (classid << 32 | objid) that the orphan query compares with the row's `lock_key`.
 */
export function lockKeyOf(kind: LeaseKind, id: string): bigint {
  const digest = createHash('sha256').update(`stromwerk:${kind}:${id}`).digest();
  return BigInt.asUintN(63, digest.readBigUInt64BE(0));
}

export const leaseKey = (kind: LeaseKind, id: string) => `${kind}:${id}`;

export function parseLeaseKey(key: string): { kind: LeaseKind; id: string } {
  const [kind, id] = key.split(':') as [LeaseKind, string];
  return { kind, id };
}

/** Whether a process's heartbeat says it is hung (its session is to be ended). */
export function isHung(beatAgeMs: number): boolean {
  return beatAgeMs > HUNG_AFTER_MS;
}
