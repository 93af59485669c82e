import 'server-only';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getPgPool } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { sharedLimiter } from './rate-limit';
import { readSystemSettings } from '@/lib/settings/system-settings';

/**
 * Counters of guesses, kept by rate-limiter-flexible. An attempt takes a point from every counter
 * that applies *before* the secret is checked; a counter already spent refuses it (429) and the
 * secret is not checked at all. Taking the point is one atomic step of the store (a single
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` on PostgreSQL, a synchronous Map update in memory),
 * so 20 parallel tries against a limit of 5 let exactly 5 through to the check.
 *
 * Where the counts live:
 * - PostgreSQL (DATABASE_URL): RateLimiterPostgres in the `rate_limit` table (migration
 *   20261125100000_rate_limit), so every instance behind a load balancer shares them.
 * - Embedded PGlite: RateLimiterMemory in this process. That is exact, not a shortcut: only one
 *   process can open a PGlite data dir (lib/db/pglite-lock.ts), so there is no other instance to
 *   share counts with. They start from zero on a restart.
 *
 * Limits follow 系统设置 (login_max_failures = N, login_window_minutes = W), read on every attempt,
 * so a saved change applies at once. A window starts at a counter's first point and lasts W.
 */
export const COUNTERS = {
  /** One username from one address: N tries. Reset by a success. */
  loginAddressUser: { prefix: 'login_ip_user', factor: 1 },
  /** One address across all usernames (new or unknown ones included): 4N failures. */
  loginAddress: { prefix: 'login_ip', factor: 4 },
  /**
   * One username from untrusted clients (no device cookie for it), across addresses: 4N failures.
   * Clients with a valid device cookie for the username are not counted here (lib/auth/device-cookie.ts).
   */
  loginUser: { prefix: 'login_user', factor: 4 },
  /** One trusted device (its device cookie) for its username: N tries. Reset by a success. */
  loginDevice: { prefix: 'login_device', factor: 1 },
  /** The old password of 修改密码, per user: N tries. Reset by a success. */
  changePassword: { prefix: 'change_password', factor: 1 },
  /**
   * Two-factor codes (sign-in, setup, turning off, new recovery codes) from untrusted clients, per
   * user: N tries. Reset by a success. A trusted device's codes are counted on twoFactorDevice only.
   */
  twoFactor: { prefix: 'two_factor', factor: 1 },
  /** Two-factor codes from one trusted device (its device cookie) of the user: N tries. Reset by a success. */
  twoFactorDevice: { prefix: 'two_factor_device', factor: 1 },
} as const;
export type CounterName = keyof typeof COUNTERS;

/** What a success does to a counter: forget its failures, or only give back this attempt's point. */
export type OnSuccess = 'reset' | 'refund';
export type CounterUse = { counter: CounterName; key: string; onSuccess: OnSuccess };

export const THROTTLE_MESSAGES = {
  login: '登录失败次数过多，请稍后再试',
  changePassword: '原密码错误次数过多，请稍后再试',
  twoFactor: '验证码错误次数过多，请稍后再试',
} as const;

type Limiters = { kind: 'postgres' | 'memory'; byCounter: Map<CounterName, RateLimiterAbstract> };
// On globalThis: route bundles and page bundles each load this module, and must share counts.
const store = globalThis as typeof globalThis & { __cmsLimiters?: Promise<Limiters> };

const createLimiters = async (): Promise<Limiters> => {
  const pool = await getPgPool();
  const byCounter = new Map<CounterName, RateLimiterAbstract>();
  let isFirst = true;
  for (const [name, { prefix }] of Object.entries(COUNTERS) as [CounterName, { prefix: string }][]) {
    // points/duration are placeholders: limitersFor() sets them from 系统设置 before each use.
    const options = { keyPrefix: prefix, points: 1, duration: 60 };
    // The first counter also sweeps expired rows of the shared table (rate-limit.ts's limits too).
    byCounter.set(name, sharedLimiter({ pool, options, sweep: isFirst }));
    isFirst = false;
  }
  return { kind: pool ? 'postgres' : 'memory', byCounter };
};

const limitersFor = async () => {
  const limiters = await (store.__cmsLimiters ??= createLimiters().catch((error) => {
    store.__cmsLimiters = undefined;
    throw error;
  }));
  const { login_max_failures, login_window_minutes } = await readSystemSettings();
  return (counter: CounterName) => {
    const limiter = limiters.byCounter.get(counter)!;
    limiter.points = login_max_failures * COUNTERS[counter].factor;
    limiter.duration = login_window_minutes * 60;
    return limiter;
  };
};

/** Which store counts ('postgres' shared by every instance, 'memory' in this one process). */
export const throttleStore = async () => (await (store.__cmsLimiters ??= createLimiters())).kind;

export type Attempt = {
  /** The secret was right: apply each counter's onSuccess. */
  succeeded: () => Promise<void>;
};

/**
 * Takes one point from each counter for an attempt about to check a secret. Throws 429 with
 * `message` when any counter is spent; then the points taken from the others are given back, so
 * a refused try counts nowhere. A store failure is thrown as it is (500), never taken as a pass.
 */
export const takeAttempt = async ({
  uses,
  message,
}: {
  uses: readonly CounterUse[];
  message: string;
}): Promise<Attempt> => {
  const limiter = await limitersFor();
  const results = await Promise.allSettled(uses.map((use) => limiter(use.counter).consume(use.key)));
  const failures = results.filter((result) => result.status === 'rejected');
  if (failures.length) {
    await Promise.all(
      uses.map((use, i) => (results[i].status === 'fulfilled' ? limiter(use.counter).reward(use.key) : null)),
    );
    const storeError = failures.find((failure) => !(failure.reason instanceof RateLimiterRes));
    if (storeError) throw storeError.reason;
    throw new AppError({ code: ErrorCode.tooManyRequests, message });
  }
  return {
    succeeded: async () => {
      await Promise.all(
        uses.map((use) =>
          use.onSuccess === 'reset'
            ? limiter(use.counter).delete(use.key)
            : limiter(use.counter).reward(use.key),
        ),
      );
    },
  };
};
