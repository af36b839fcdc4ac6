import type { Session, SessionInfo } from '@stromwerk/contracts/users';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { randomSecret, sameSecret, sameString, sha256 } from '../../lib/secrets';
import type { Actor, UserRow } from '../../plugins/auth';
import type { BrokerDisconnects } from '../../plugins/broker-link';
import type { Db } from '../../plugins/db';
import type { Grant } from '../access/access.repository';
import type { IdentityCache } from '../access/identity-cache';
import { toUser } from '../users/users.repository';
import { deviceLabel } from './device-label';
import type { SessionRow, SessionsRepository } from './sessions.repository';

/** A session idles out after 7 days without use and ends 30 days after login whatever happens. */
export const IDLE_MS = 7 * 86_400_000;
export const ABSOLUTE_MS = 30 * 86_400_000;
/** Last use and the sliding expiry are written at most once a minute per session. */
const TOUCH_MS = 60_000;

/** A session as the identity cache holds it; `secret` once a request proved it (never stored elsewhere). */
type ResolvedSession = { user: UserRow; session: SessionRow; grants: Grant[]; secret?: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who opened a session: shown in the session list. */
export interface ClientMeta {
  userAgent?: string | undefined;
  clientAddress?: string | undefined;
}

export const clientMetaOf = (request: FastifyRequest): ClientMeta => ({
  userAgent: request.headers['user-agent'],
  clientAddress: request.ip,
});

/**
 * Server-side, revocable login sessions. The bearer token is `<session id>.<secret>`; the database keeps the
 * secret's SHA-256 only. Ending a session also drops the MQTT connections opened with it.
 */
export class SessionsService {
  constructor(
    private readonly repo: SessionsRepository,
    private readonly identity: IdentityCache,
    /** The broker's connections (plugins/broker-link.ts: the broker itself authenticates through us). */
    private readonly broker: BrokerDisconnects,
  ) {}

  async issue(user: UserRow, meta: ClientMeta, db?: Db): Promise<Session> {
    const secret = randomSecret(32);
    const now = Date.now();
    await this.repo.purge(user.id, db);
    const row = await this.repo.insert(
      {
        userId: user.id,
        secretHash: sha256(secret),
        tokenVersion: user.tokenVersion,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
        clientAddress: meta.clientAddress ?? null,
        expiry: new Date(now + IDLE_MS),
        absoluteExpiry: new Date(now + ABSOLUTE_MS),
      },
      db,
    );
    return { token: `${row.id}.${secret}`, expiry: iso(row.expiry), user: toUser(user) };
  }

  /**
   * The user and session of a bearer token, or null when it is not a live session. One indexed lookup, or
   * none when the identity cache holds the session (the checks below run on every request either way).
   */
  async resolve(token: string): Promise<ResolvedSession | null> {
    const cached = this.resolveCached(token);
    if (cached !== undefined) return cached;
    const dot = token.indexOf('.');
    const id = token.slice(0, dot);
    let found = this.identity.get(`s:${id}`) as ResolvedSession | undefined;
    if (!found) {
      const generation = this.identity.generation();
      found = await this.repo.withUser(id);
      if (!found) return null;
      this.identity.set(`s:${id}`, found, generation);
    }
    return this.live(found, token.slice(dot + 1), Date.now()) ? this.touched(found) : null;
  }

  /**
   * `resolve` without a promise when the identity cache decides it: the session, or null when the token
   * is not a live session; undefined when the database must be asked (not cached, or its last use is due
   * to be written). Every authenticated request passes here: a promise per layer was a tenth of a small
   * answer's CPU (issue 32).
   */
  resolveCached(token: string): ResolvedSession | null | undefined {
    const dot = token.indexOf('.');
    if (dot < 0) return null;
    const id = token.slice(0, dot);
    // Only a session read from the database is cached, so a hit needs no look at the id's form.
    const found = this.identity.get(`s:${id}`) as ResolvedSession | undefined;
    if (!found) return UUID.test(id) ? undefined : null;
    const now = Date.now();
    if (!this.live(found, token.slice(dot + 1), now)) return null;
    return now - found.session.lastUsedAt.getTime() > TOUCH_MS ? undefined : found;
  }

  /** The secret matches, and the session is neither revoked, expired, nor older than the user's tokens. */
  private live(found: ResolvedSession, secret: string, now: number): boolean {
    const { session, user } = found;
    return (
      this.secretMatches(found, secret) &&
      !session.revokedAt &&
      session.expiry.getTime() > now &&
      session.tokenVersion === user.tokenVersion
    );
  }

  /** Last use and the sliding expiry written when a minute has passed since they were. */
  private async touched(found: ResolvedSession): Promise<ResolvedSession> {
    const { session } = found;
    const now = Date.now();
    if (now - session.lastUsedAt.getTime() > TOUCH_MS) {
      const expiry = new Date(Math.min(now + IDLE_MS, session.absoluteExpiry.getTime()));
      // The cached row follows first, so concurrent requests on it do not write the same again.
      session.lastUsedAt = new Date(now);
      session.expiry = expiry;
      await this.repo.touch(session.id, new Date(now), expiry);
    }
    return found;
  }

  /**
   * The token's secret against the session's stored SHA-256. The cached entry remembers the secret that
   * matched, for its own short life (ResolvedIdentity), and compares the next request's in constant time:
   * a SHA-256 per request was a twentieth of a small authenticated answer's CPU (issue 12).
   */
  private secretMatches(found: ResolvedSession, secret: string): boolean {
    if (found.secret !== undefined) return sameString(secret, found.secret);
    if (!sameSecret(found.session.secretHash, sha256(secret))) return false;
    found.secret = secret;
    return true;
  }

  async list(actor: Actor): Promise<SessionInfo[]> {
    const rows = await this.repo.active(actor.user.id);
    return rows.map((r) => ({
      id: r.id,
      device: deviceLabel(r.userAgent),
      userAgent: r.userAgent,
      clientAddress: r.clientAddress,
      createdAt: iso(r.createdAt),
      lastUsedAt: iso(r.lastUsedAt),
      expiry: iso(r.expiry),
      current: r.id === actor.sessionId,
    }));
  }

  /** POST /logout: ends the session that made the request. */
  async logout(actor: Actor) {
    if (!actor.sessionId) {
      throw new AppError('FORBIDDEN', 'An API key has no session to log out of');
    }
    this.end(actor.user.id, await this.repo.revokeOne(actor.user.id, actor.sessionId));
    await this.identity.forget({ userId: actor.user.id });
  }

  async revoke(actor: Actor, id: string) {
    const ended = await this.repo.revokeOne(actor.user.id, id);
    if (ended.length === 0) throw notFound('Session');
    this.end(actor.user.id, ended);
    await this.identity.forget({ userId: actor.user.id });
  }

  /** Ends every session of a user (password change or reset, block), optionally but one. */
  async revokeAll(userId: string, exceptId?: string) {
    this.end(userId, await this.repo.revokeAll(userId, exceptId), !exceptId);
    await this.identity.forget({ userId });
  }

  /** Members of a blocked corporation re-authorize their live subscriptions, which then refuse it. */
  async disconnectMembers(corporationId: string) {
    for (const userId of await this.repo.memberIdsOf(corporationId)) this.broker.disconnectUser(userId);
  }

  /** Closes the MQTT connections of the ended sessions (all of the user's when every session ended). */
  private end(userId: string, sessionIds: string[], everything = false) {
    if (everything) this.broker.disconnectUser(userId);
    else for (const id of sessionIds) this.broker.disconnectSession(id);
  }
}
