/**
 * Password guessing at the login, limited so that nobody can lock the rightful user out (issue 31,
 * item 2). Failures are counted:
 * - per account and client (address) pair: a few free, then a wait that doubles with every further
 *   failure (2 s, 4 s … 15 min); a successful login from that client resets its count and never counts;
 * - per client, across accounts: password spraying from one address ends at 30 failures in 15 minutes;
 * - per account, across clients, only to notice an attack: while an account has had 20 failures in 15
 *   minutes, a client gets one free failure at it instead of three. It never refuses a client that has
 *   not failed, so the owner still logs in from their own client while others guess at the account.
 * Counted in PostgreSQL when shared (every process counts the same attempts), in memory otherwise.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppError } from '../../lib/app-error';
import { addHooksToRoutes } from '../../lib/route-hooks';
import { limiterFactory, tooMany } from '../../plugins/attempts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The login: limited by this guard (the account is the body's email). */
    loginGuard?: boolean;
  }
}

const MINUTE = 60;
export const FREE_FAILURES = 3;
export const FREE_FAILURES_UNDER_ATTACK = 1;
export const MAX_WAIT_SECONDS = 15 * MINUTE;
const CLIENT_BUDGET = { points: 30, seconds: 15 * MINUTE };
const ATTACK_THRESHOLD = { points: 20, seconds: 15 * MINUTE };

/** Pure: how long a client waits after its `failures`-th failure in a row at one account. */
export function waitAfter(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(2 ** (failures - free), MAX_WAIT_SECONDS);
}

const blocked = async (l: RateLimiterAbstract, key: string) => {
  const res = await l.get(key);
  return res && res.consumedPoints > l.points ? res.msBeforeNext / 1000 : 0;
};

export function registerLoginGuard(app: FastifyInstance, shared?: { db: unknown }) {
  const limiter = limiterFactory(shared);
  // Failures in a row of one pair (a day at most), and the pair's current wait (a block).
  const pairFailures = limiter('login-pair-failures', { points: 1_000_000, seconds: 24 * 60 * MINUTE });
  const pairWait = limiter('login-pair-wait', { points: 1, seconds: 1 });
  const client = limiter('login-client', CLIENT_BUDGET);
  const account = limiter('login-account', ATTACK_THRESHOLD);
  const keysOf = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const who = typeof email === 'string' ? email.trim().toLowerCase() : '';
    return { who, pair: `${who}|${request.ip}`, ip: request.ip };
  };

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { pair, ip } = keysOf(request);
    const clientRes = await client.get(ip);
    const wait =
      clientRes && clientRes.consumedPoints >= client.points
        ? clientRes.msBeforeNext / 1000
        : await blocked(pairWait, pair);
    if (wait > 0) {
      const error = tooMany(wait);
      reply.header('retry-after', String(error.retryAfter));
      throw error;
    }
  };

  const onError = async (request: FastifyRequest, _reply: FastifyReply, error: Error) => {
    if ((error as Partial<AppError>).code !== 'INVALID_CREDENTIALS') return;
    const { who, pair, ip } = keysOf(request);
    try {
      await client.consume(ip).catch(() => {});
      const underAttack =
        ((await account.consume(who).catch((r) => r))?.consumedPoints ?? 0) > account.points;
      const failures = (await pairFailures.consume(pair)).consumedPoints;
      const wait = waitAfter(failures, underAttack ? FREE_FAILURES_UNDER_ATTACK : FREE_FAILURES);
      if (wait > 0) await pairWait.block(pair, wait);
    } catch (err) {
      request.log.warn({ err }, 'counting a failed login failed');
    }
  };

  // A successful login resets its client's count at that account: it never counts against anyone.
  const onResponse = async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode !== 200) return;
    const { pair } = keysOf(request);
    await Promise.all([pairFailures.delete(pair), pairWait.delete(pair)]).catch(() => {});
  };
  addHooksToRoutes(app, (config) => !!config?.loginGuard, { preHandler, onError, onResponse });
}
