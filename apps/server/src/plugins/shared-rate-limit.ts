import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import { rateLimits } from '../db/schema/live';

/** At most one warning per this long while the store fails, so an outage does not flood the log. */
const WARN_EVERY_MS = 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for `@fastify/rate-limit` (the plain request-rate limits, `config.rateLimit` of public routes)
 * in PostgreSQL, so that every process of a cluster counts the same requests (issue 19): 30 player sessions
 * a minute per address means 30 across all processes, not 30 per process.
 *
 * It keeps its counters in the `rate_limits` table through rate-limiter-flexible's Drizzle store, the one
 * the guessing limits use (`attempts.ts`), with keys of their own (`req:<method> <route>:<address>`).
 * A request costs one statement (an upsert that adds one and returns the count and the window's end).
 * When that statement fails the request is let through (fail open) with a warning: a database hiccup must
 * not turn public routes into 500s, and the routes behind it need the database anyway.
 */
export function sharedRateLimitStore(db: unknown, log: FastifyBaseLogger) {
  let lastWarning = 0;
  // Each limiter could delete expired rows every hour; one per process is enough.
  let firstLimiter = true;
  const warn = (err: unknown) => {
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now;
    log.warn({ err }, 'shared rate-limit store failed; requests pass unlimited until it works again');
  };

  class SharedRateLimitStore {
    private readonly limiters = new Map<number, RateLimiterDrizzle>();

    constructor(private readonly prefix = 'req:global') {}

    /** One limiter per window length (the routes' windows are a handful of constants). */
    private limiter(timeWindowMs: number) {
      let found = this.limiters.get(timeWindowMs);
      if (!found) {
        found = new RateLimiterDrizzle({
          keyPrefix: this.prefix,
          // `penalty` only counts; the decision is @fastify/rate-limit's, from `max`.
          points: Number.MAX_SAFE_INTEGER,
          duration: timeWindowMs / 1000,
          storeClient: db,
          schema: rateLimits,
          clearExpiredByTimeout: firstLimiter,
        });
        firstLimiter = false;
        this.limiters.set(timeWindowMs, found);
      }
      return found;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      this.limiter(timeWindow)
        .penalty(key, 1)
        .then(
          (res) => callback(null, { current: res.consumedPoints, ttl: Math.max(0, res.msBeforeNext) }),
          (err: unknown) => {
            warn(err);
            callback(null, { current: 0, ttl: timeWindow });
          },
        );
    }

    /** The count without adding to it (`createRateLimit(...)(req, { increment: false })`). */
    read(key: string, callback: Callback, timeWindow: number) {
      this.limiter(timeWindow)
        .get(key)
        .then(
          (res) =>
            callback(
              null,
              res ? { current: res.consumedPoints, ttl: res.msBeforeNext } : { current: 0, ttl: 0 },
            ),
          (err: unknown) => {
            warn(err);
            callback(null, { current: 0, ttl: 0 });
          },
        );
    }

    /**
     * A route's own counters: keyed by its method and path, as the in-memory store keeps one per route.
     * (The plugin hands in its merged options with the route as `routeInfo`, whatever its types say.)
     */
    child(params: object) {
      const route = (params as RouteParams).routeInfo;
      const method = [route?.method ?? 'ANY'].flat().join(',');
      return new SharedRateLimitStore(`req:${method} ${route?.url ?? '?'}`);
    }
  }
  // The plugin constructs the store itself (`new Store(options)`); the route-level ones come from `child`.
  return class extends SharedRateLimitStore {
    constructor(_options?: unknown) {
      super();
    }
  };
}
