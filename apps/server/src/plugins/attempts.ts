import type { ErrorCode } from '@stromwerk/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { rateLimits } from '../db/schema/live';
import { AppError } from '../lib/app-error';
import { addHooksToRoutes } from '../lib/route-hooks';

export interface Budget {
  /** How many attempts... */
  points: number;
  /** ...per this many seconds. */
  seconds: number;
}

/**
 * Guessing limits of a route, counted per client address AND per account, so that neither many accounts
 * from one address nor one account from many addresses can be guessed at without end.
 */
export interface AttemptRule {
  /** Counters are shared by routes with the same name (for example `login`). */
  name: string;
  perAddress: Budget;
  perAccount?: Budget;
  /** The account the attempt is against: an email address, a user or player id. */
  account?: (request: FastifyRequest) => string | undefined;
  /**
   * Error codes that count as a failed guess (only failures count). Without it every request that is
   * answered without an error counts (routes that send mail): a refused request (not allowed, not found,
   * bad input) sends nothing and gives its point back, so strangers cannot use up someone's budget.
   */
  failures?: ErrorCode[];
  /** Only requests for which this holds are guesses (for example: a password was sent at all). */
  guess?: (request: FastifyRequest) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    attempts?: AttemptRule;
  }
}

/**
 * Counters by name and budget, in PostgreSQL (`shared`: every process counts the same attempts) or in
 * memory (one process). One limiter per name and budget, made on first use.
 */
export function limiterFactory(shared?: { db: unknown }) {
  const limiters = new Map<string, RateLimiterAbstract>();
  return (name: string, budget: Budget) => {
    const key = `${name}:${budget.points}/${budget.seconds}`;
    let found = limiters.get(key);
    if (!found) {
      const options = { keyPrefix: key, points: budget.points, duration: budget.seconds };
      found = shared
        ? new RateLimiterDrizzle({ ...options, storeClient: shared.db, schema: rateLimits })
        : new RateLimiterMemory(options);
      limiters.set(key, found);
    }
    return found;
  };
}

export const tooMany = (seconds: number) =>
  Object.assign(new AppError('RATE_LIMITED', 'Too many attempts, please wait and try again'), {
    retryAfter: Math.max(1, Math.ceil(seconds)),
  });

/**
 * Enforces `config.attempts` of the routes in this scope (rate-limiter-flexible). `shared`: the counters
 * live in PostgreSQL (table `rate_limits`), so every process of a cluster counts the same attempts (issue
 * 19, fault 8); without it (PGlite, one process) they are kept in memory. The address is `request.ip`,
 * which honours X-Forwarded-For only from TRUST_PROXY.
 */
export function registerAttemptLimits(app: FastifyInstance, shared?: { db: unknown }): void {
  const limiter = limiterFactory(shared);
  const countersOf = (rule: AttemptRule, request: FastifyRequest) => {
    const account = rule.account?.(request)?.trim().toLowerCase();
    const counters = [{ limiter: limiter(`${rule.name}:ip`, rule.perAddress), key: request.ip }];
    if (account && rule.perAccount) {
      counters.push({ limiter: limiter(`${rule.name}:account`, rule.perAccount), key: account });
    }
    return counters;
  };
  /** Requests whose point was taken up front (rules without `failures`), to give back on an error. */
  const charged = new WeakSet<FastifyRequest>();
  const consume = async (rule: AttemptRule, request: FastifyRequest) => {
    for (const { limiter: l, key } of countersOf(rule, request)) {
      await l.consume(key).catch((e: unknown) => {
        if (e instanceof RateLimiterRes) throw tooMany(e.msBeforeNext / 1000);
        throw e;
      });
    }
  };

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const rule = request.routeOptions.config?.attempts;
    if (!rule || (rule.guess && !rule.guess(request))) return;
    try {
      if (!rule.failures) {
        await consume(rule, request);
        charged.add(request);
        return;
      }
      for (const { limiter: l, key } of countersOf(rule, request)) {
        const res = await l.get(key);
        if (res && res.consumedPoints >= l.points) throw tooMany(res.msBeforeNext / 1000);
      }
    } catch (e) {
      if (e instanceof AppError && 'retryAfter' in e) reply.header('retry-after', String(e.retryAfter));
      throw e;
    }
  };
  const onError = async (request: FastifyRequest, _reply: FastifyReply, error: Error) => {
    const rule = request.routeOptions.config?.attempts;
    if (rule && !rule.failures && charged.has(request)) {
      charged.delete(request);
      for (const { limiter: l, key } of countersOf(rule, request)) await l.reward(key, 1).catch(() => {});
      return;
    }
    const code = (error as Partial<AppError>).code;
    if (!rule?.failures || !code || !rule.failures.includes(code)) return;
    if (rule.guess && !rule.guess(request)) return;
    await consume(rule, request).catch(() => {});
  };
  addHooksToRoutes(app, (config) => !!config?.attempts, { preHandler, onError });
}
