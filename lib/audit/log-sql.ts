import 'server-only';
import { Prisma } from '@/lib/generated/prisma/client';
import type { AuditDetail } from './actions';

/**
 * Entries older than this never change (lib/audit/find-audit-log.ts says why): no transaction of
 * the app runs this long (the longest, a category save converting values, stops at 120 s).
 */
const SETTLE = Prisma.raw("interval '5 minutes'");

/** A position in the list order: newest first by (created_at, id). */
export type LogKey = { at: Date; id: string };

export type CountsRow = { until: Date; settled_count: number; fresh_count: number };

export type EntryRow = {
  id: string | null;
  user_id: number | null;
  username: string;
  action: string;
  target_type: string;
  target_id: number | null;
  ip: string;
  detail: AuditDetail;
  created_at: Date;
};

/**
 * The horizon (now() − SETTLE) and the entries of the filter since `since` (all when null), split
 * into those older than the horizon (settled) and the newer ones. Two CTEs, `horizon` and `counted`.
 */
const countsCte = ({ where, since }: { where: Prisma.Sql; since: Date | null }) => Prisma.sql`
  horizon AS (SELECT now() - ${SETTLE} AS until),
  counted AS (
    SELECT count(*) FILTER (WHERE a.created_at < h.until)::int AS settled_count,
           count(*) FILTER (WHERE a.created_at >= h.until)::int AS fresh_count
    FROM audit_log a, horizon h
    WHERE ${where} ${since ? Prisma.sql`AND a.created_at >= ${since}` : Prisma.empty})`;

/** `limit` entries in list order, after skipping `offset` from the newest or from `from` (included). */
const entriesSql = ({
  where,
  from,
  limit,
  offset,
}: {
  where: Prisma.Sql;
  from: LogKey | null;
  limit: number;
  offset: number;
}) => Prisma.sql`
  SELECT e.id::text, e.user_id, e.username, e.action, e.target_type, e.target_id, e.ip, e.detail, e.created_at
  FROM (SELECT a.id FROM audit_log a
        WHERE ${where} ${from ? Prisma.sql`AND (a.created_at, a.id) <= (${from.at}::timestamptz, ${from.id}::bigint)` : Prisma.empty}
        ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit} OFFSET ${offset}) AS page
  JOIN audit_log e ON e.id = page.id`;

/** The counts only (a deep page counts first, then finds where its page starts). */
export const countsSql = (args: { where: Prisma.Sql; since: Date | null }) => Prisma.sql`
  WITH ${countsCte(args)}
  SELECT h.until, c.settled_count, c.fresh_count FROM horizon h CROSS JOIN counted c`;

/** A page alone (its rows; the counts were read by countsSql). */
export const pageSql = (args: Parameters<typeof entriesSql>[0]) =>
  Prisma.sql`${entriesSql(args)} ORDER BY e.created_at DESC, e.id DESC`;

/** The usual call in one round trip: the counts, and the page on every row (none: one row of NULLs). */
export const countsAndPageSql = ({
  where,
  since,
  limit,
  offset,
}: {
  where: Prisma.Sql;
  since: Date | null;
  limit: number;
  offset: number;
}) => Prisma.sql`
  WITH ${countsCte({ where, since })}
  SELECT h.until, c.settled_count, c.fresh_count, p.*
  FROM horizon h CROSS JOIN counted c
  LEFT JOIN LATERAL (${entriesSql({ where, from: null, limit, offset })}) AS p ON true
  ORDER BY p.created_at DESC, p.id DESC`;

/**
 * The key of every `step`-th settled entry of the filter counting from the oldest, for the
 * entries in [since, until) whose ranks start at `firstRank`.
 */
export const boundaryKeysSql = ({
  where,
  since,
  until,
  firstRank,
  step,
}: {
  where: Prisma.Sql;
  since: Date | null;
  until: Date;
  firstRank: number;
  step: number;
}) => Prisma.sql`
  SELECT created_at AS at, id::text FROM (
    SELECT a.created_at, a.id, row_number() OVER (ORDER BY a.created_at, a.id) - 1 + ${firstRank}::int AS rank
    FROM audit_log a
    WHERE ${where} ${since ? Prisma.sql`AND a.created_at >= ${since}` : Prisma.empty} AND a.created_at < ${until}) AS ranked
  WHERE rank % ${step}::int = 0 ORDER BY rank`;
