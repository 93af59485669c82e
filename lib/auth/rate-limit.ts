import 'server-only';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { getPgPool } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';

/**
 * A fixed rate (so many points per so many seconds, per key) counted where the login throttle
 * counts (throttle.ts): on PostgreSQL in the `rate_limit` table, so every instance behind a load
 * balancer shares the count (one `INSERT … ON CONFLICT … RETURNING` per point); on PGlite in this
 * process's memory, which is exact there (only one process can open a PGlite data dir). Rows of
 * different limits share the table through their key prefix.
 */
export type RateLimit = { prefix: string; points: number; seconds: number; message: string };

// On globalThis: route bundles and page bundles each load this module, and must share counts.
const store = globalThis as typeof globalThis & {
  __cmsRateLimiters?: Map<string, Promise<RateLimiterAbstract>>;
};

type LimiterOptions = { keyPrefix: string; points: number; duration: number };

/**
 * A limiter in the shared place: the `rate_limit` table when `pool` (PostgreSQL) is given, else this
 * process's memory. `sweep`: this limiter also deletes rows expired an hour ago, every 5 minutes (any
 * prefix: the table is shared). Also used by throttle.ts.
 */
export const sharedLimiter = ({
  pool,
  options,
  sweep,
}: {
  pool: Awaited<ReturnType<typeof getPgPool>>;
  options: LimiterOptions;
  sweep: boolean;
}): RateLimiterAbstract =>
  pool
    ? new RateLimiterPostgres({
        ...options,
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limit',
        // The migration made the table: the app never runs DDL outside migrations.
        tableCreated: true,
        clearExpiredByTimeout: sweep,
      })
    : new RateLimiterMemory(options);

const createLimiter = async ({ prefix, points, seconds }: RateLimit): Promise<RateLimiterAbstract> =>
  sharedLimiter({
    pool: await getPgPool(),
    options: { keyPrefix: prefix, points, duration: seconds },
    // Sweeps too: this process may never sign anybody in (sessions outlive a restart).
    sweep: true,
  });

const limiterFor = (limit: RateLimit) => {
  const limiters = (store.__cmsRateLimiters ??= new Map());
  let limiter = limiters.get(limit.prefix);
  if (!limiter) {
    limiter = createLimiter(limit).catch((error) => {
      limiters.delete(limit.prefix);
      throw error;
    });
    limiters.set(limit.prefix, limiter);
  }
  return limiter;
};

/**
 * Takes a point for `key`; past the limit throws 429 with the limit's message. Taking the point is
 * one atomic step of the store, so parallel calls never let more than `points` through. A store
 * failure is thrown as it is (500), never taken as a pass.
 */
export const takePoint = async ({ limit, key }: { limit: RateLimit; key: string }) => {
  const limiter = await limiterFor(limit);
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes)
      throw new AppError({ code: ErrorCode.tooManyRequests, message: limit.message });
    throw error;
  }
};
