/**
 * The lease state machine of the live plane (issue 19), decided in one place. A lease names the one
 * server process allowed to run a live thing (a source's ingest or publisher, a target's push) and to
 * write its live state. States of one row, seen by a process `me` at database time `now`:
 *
 *   free (no row) --claim--> held by me (token 1)
 *   held by me --claim/renew--> held by me (same token, later expiry)
 *   held by other, not expired --claim--> refused (the other process owns it)
 *   held by other, expired --claim--> taken over (token + 1: the dead holder's writes are fenced off)
 *   held by me --release--> free
 *
 * The repository reads the row under a lock and writes what this function decides, so the decision is
 * the same on PGlite (one process, always the winner) and on PostgreSQL (several processes).
 */

/**
 * `output`: the writer of a player's program (program-owner.ts); `process`: every running process's
 * heartbeat (its id is new per start), which tells a starting process that it is one of several.
 */
export type LeaseKind = 'source' | 'target' | 'output' | 'process';

export interface Lease {
  holder: string;
  token: number;
  expiresAt: Date;
}

export type ClaimOutcome =
  | { outcome: 'acquired' | 'renewed' | 'taken-over'; lease: Lease; previousHolder: string | null }
  | { outcome: 'refused'; lease: Lease };

/** How long a lease lives without renewal, and how often its holder renews it. */
export const LEASE_TTL_MS = 5_000;
export const LEASE_RENEW_MS = 1_000;

export function decideClaim(
  current: Lease | undefined,
  me: string,
  now: Date,
  ttlMs = LEASE_TTL_MS,
): ClaimOutcome {
  const expiresAt = new Date(now.getTime() + ttlMs);
  if (!current)
    return { outcome: 'acquired', lease: { holder: me, token: 1, expiresAt }, previousHolder: null };
  if (current.holder === me)
    return { outcome: 'renewed', lease: { ...current, expiresAt }, previousHolder: me };
  if (current.expiresAt.getTime() > now.getTime()) return { outcome: 'refused', lease: current };
  return {
    outcome: 'taken-over',
    lease: { holder: me, token: current.token + 1, expiresAt },
    previousHolder: current.holder,
  };
}

/** A process may write the live state of a thing only while it holds its lease with that token. */
export function mayWrite(current: Lease | undefined, me: string, token: number, now: Date): boolean {
  return !!current && current.holder === me && current.token === token && current.expiresAt > now;
}

/**
 * After a renewal round: the leases this process believed it held but whose renewal found no row of
 * its own (expired and taken by another process, or removed) are lost; their processes must stop.
 */
export function lostLeases(
  held: ReadonlyMap<string, number>,
  renewed: ReadonlyMap<string, number>,
): string[] {
  const lost: string[] = [];
  for (const [key, token] of held) if (renewed.get(key) !== token) lost.push(key);
  return lost;
}

export const leaseKey = (kind: LeaseKind, id: string) => `${kind}:${id}`;

export function parseLeaseKey(key: string): { kind: LeaseKind; id: string } {
  const [kind, id] = key.split(':') as [LeaseKind, string];
  return { kind, id };
}
