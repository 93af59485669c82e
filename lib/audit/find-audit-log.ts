import 'server-only';
import { BoundedMap } from '@/lib/cache/bounded-map';
import { getSql } from '@/lib/db/client';
import type { AuditLogRow } from './actions';
import { startAtOrAbove, STEP } from './log-boundaries';
import { filterKey, filterSql, type AuditLogFilter } from './log-filter';
import { countsAndPageSql, countsSql, pageSql, type CountsRow, type EntryRow } from './log-sql';
import type { TAuditLogQuery } from './schemas';

/**
 * How the list's total avoids a count over a million entries on every page. The log is only ever
 * appended to, and an entry's created_at is the start of the transaction that wrote it (now()).
 * No transaction of the app runs 5 minutes, so the entries created before now() − 5 min (the
 * horizon) are final. Their count per filter is kept, with the horizon it reached; each call
 * counts only the entries since (an index range: the last few minutes), in the same statement as
 * the page. A filter is counted in full once per process (and again after an hour, in case
 * entries were changed by hand). Cache: per process, 1,000 filters (least recently used evicted).
 */
const settled = new BoundedMap<string, { until: Date; count: number }>({ max: 1000, ttlMs: 3_600_000 });

const seconds = (date: Date) => Math.floor(new Date(date).getTime() / 1000);

const toRow = (raw: EntryRow): AuditLogRow => ({
  id: Number(raw.id),
  user_id: raw.user_id,
  username: raw.username,
  action: raw.action,
  target_type: raw.target_type,
  target_id: raw.target_id,
  ip: raw.ip,
  detail: raw.detail ?? {},
  created_at: seconds(raw.created_at),
});

/** The filter's settled count now, from what was kept and what the statement counted since. */
const keepCounts = (key: string, kept: { count: number } | undefined, counts: CountsRow) => {
  const settledCount = (kept?.count ?? 0) + counts.settled_count;
  const until = new Date(counts.until);
  settled.set(key, { until, count: settledCount });
  return { until, settledCount, total: settledCount + counts.fresh_count };
};

/**
 * One page of the 操作日志, newest first, and the number of entries matching the filter. A page
 * within the first STEP entries is one statement (counts and page). A deeper one counts first,
 * then starts from a kept position near it (log-boundaries.ts) instead of skipping its offset.
 */
export const findAuditLog = async (query: TAuditLogQuery) => {
  const filter: AuditLogFilter = query;
  const key = filterKey(filter);
  const where = filterSql(filter);
  const kept = settled.get(key);
  const since = kept?.until ?? null;
  const offset = (query.page - 1) * query.limit;
  const sql = await getSql();
  if (offset < STEP) {
    const rows = await sql.query<CountsRow & EntryRow>(
      countsAndPageSql({ where, since, limit: query.limit, offset }),
      { prepare: true },
    );
    const { total } = keepCounts(key, kept, rows[0]);
    return { data: rows.filter((raw) => raw.id !== null).map(toRow), total };
  }
  const [counts] = await sql.query<CountsRow>(countsSql({ where, since }), { prepare: true });
  const { until, settledCount, total } = keepCounts(key, kept, counts);
  // The rank, counted from the oldest, of the page's first (newest) entry.
  const rank = total - 1 - offset;
  if (rank < 0) return { data: [], total };
  const start = await startAtOrAbove({ key, where, until, settledCount, rank });
  const rows = await sql.query<EntryRow>(
    pageSql({
      where,
      from: start?.from ?? null,
      limit: query.limit,
      offset: start ? start.rank - rank : offset,
    }),
    { prepare: true },
  );
  return { data: rows.map(toRow), total };
};
