import 'server-only';
import { BoundedMap } from '@/lib/cache/bounded-map';
import { getSql } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { boundaryKeysSql, type LogKey } from './log-sql';

/** Ranks between two kept keys: a deep page skips fewer than this many entries. */
export const STEP = 1000;

type Boundaries = { until: Date; count: number; keys: LogKey[] };

/**
 * Where a deep page starts, without skipping a hundred thousand entries. Settled entries (older
 * than the horizon, see find-audit-log.ts) never change and new ones settle only after all of
 * them, so an entry's rank counted from the oldest stays what it is. Kept per filter: the key of
 * every STEP-th settled entry (rank 0, 1000, 2000, …), found by one scan of the filter's index
 * and extended by the entries settled since. Cache: per process, 100 filters (least recently used
 * evicted), an hour each (in case entries were changed by hand); a miss scans again.
 */
const cache = new BoundedMap<string, Boundaries>({ max: 100, ttlMs: 3_600_000 });

const keysUpTo = async ({
  key,
  where,
  until,
  settledCount,
}: {
  key: string;
  where: Prisma.Sql;
  until: Date;
  settledCount: number;
}) => {
  const kept = cache.get(key);
  if (kept && kept.until.getTime() >= until.getTime()) return kept;
  const sql = await getSql();
  const added = await sql.query<LogKey>(
    boundaryKeysSql({ where, since: kept?.until ?? null, until, firstRank: kept?.count ?? 0, step: STEP }),
  );
  const next = { until, count: settledCount, keys: [...(kept?.keys ?? []), ...added] };
  cache.set(key, next);
  return next;
};

/**
 * The nearest kept position at or above `rank` (counted from the oldest) among the settled
 * entries, and its rank; null when there is none (the page starts among the newest entries).
 */
export const startAtOrAbove = async (args: {
  key: string;
  where: Prisma.Sql;
  until: Date;
  settledCount: number;
  rank: number;
}) => {
  const ranked = Math.ceil(args.rank / STEP) * STEP;
  if (ranked >= args.settledCount) return null;
  const { keys } = await keysUpTo(args);
  const at = keys[ranked / STEP];
  return at ? { from: { at: new Date(at.at), id: at.id }, rank: ranked } : null;
};
