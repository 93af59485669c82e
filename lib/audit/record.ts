import 'server-only';
import { Prisma } from '@/lib/generated/prisma/client';
import type { AuditAction, AuditDetail, AuditTarget } from './actions';
import { currentActor } from './actor';
import { auditValue } from './changes';

export type AuditEntry = {
  action: AuditAction;
  targetType: AuditTarget;
  targetId?: number | null;
  /** For an update: `changes` (auditChanges). Passed through auditValue: no secrets, long text cut. */
  detail?: AuditDetail;
  /** Who acted, when it is not the signed-in caller (sign-in, failed sign-in). */
  user?: { id: number | null; username: string };
};

/** A transaction (or, for a change made in one statement, the client itself). */
type Writer = { $executeRaw: (query: Prisma.Sql) => Prisma.PrismaPromise<number> };

const COLUMNS = Prisma.raw('audit_log (user_id, username, ip, action, target_type, target_id, detail)');

const who = (entry: AuditEntry) => {
  const actor = currentActor();
  const user = entry.user ?? { id: actor.userId, username: actor.username };
  return { userId: user.id, username: user.username.slice(0, 64), ip: actor.ip.slice(0, 64) };
};

const detailJson = (entry: AuditEntry) => JSON.stringify(auditValue(entry.detail ?? {}));

const row = (entry: AuditEntry) => {
  const { userId, username, ip } = who(entry);
  return Prisma.sql`(${userId}::int, ${username}, ${ip}, ${entry.action}, ${entry.targetType},
    ${entry.targetId ?? null}::int, ${detailJson(entry)}::jsonb)`;
};

/**
 * Writes the entries of a change with `tx`, the transaction that makes the change: they commit
 * with it, and a change that fails or is refused afterwards leaves none. One statement for all:
 * several entries go as one JSON parameter read by jsonb_to_recordset, in their order (a VALUES
 * list took 7 parameters an entry, which cost a 500-item import batch ~100 ms on PGlite).
 */
export const recordAudit = async (tx: Writer, entries: AuditEntry | readonly AuditEntry[]) => {
  const list = [entries].flat();
  if (list.length === 0) return;
  if (list.length === 1) {
    await tx.$executeRaw(Prisma.sql`INSERT INTO ${COLUMNS} VALUES ${row(list[0])}`);
    return;
  }
  const records = list.map((entry, n) => {
    const { userId, username, ip } = who(entry);
    return {
      n,
      user_id: userId,
      username,
      ip,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId ?? null,
      detail: auditValue(entry.detail ?? {}),
    };
  });
  await tx.$executeRaw(Prisma.sql`INSERT INTO ${COLUMNS}
    SELECT x.user_id, x.username, x.ip, x.action, x.target_type, x.target_id, x.detail
    FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS x(n int, user_id int, username text, ip text,
      action text, target_type text, target_id int, detail jsonb)
    ORDER BY x.n`);
};

/**
 * Entries of one action on one kind of target, prepared by the caller as JSON (a bulk write that
 * made them while it checked its rows, lib/news/import/pending-writes.ts): [{n, target_id?, detail}]
 * with each detail already through auditValue, written in n's order by the caller. A missing
 * target_id is ids[n]; entries whose target is in `skip` are left out.
 */
export const recordPreparedAudit = async (
  tx: Writer,
  {
    action,
    targetType,
    json,
    ids = [],
    skip = [],
  }: {
    action: AuditAction;
    targetType: AuditTarget;
    json: string;
    ids?: readonly number[];
    skip?: readonly number[];
  },
) => {
  const { userId, username, ip } = who({ action, targetType });
  await tx.$executeRaw(Prisma.sql`INSERT INTO ${COLUMNS}
    SELECT ${userId}::int, ${username}, ${ip}, ${action}, ${targetType}, t.target_id, t.detail
    FROM (SELECT x.n, COALESCE(x.target_id, (${[...ids]}::int[])[x.n + 1]) AS target_id, x.detail
      FROM jsonb_to_recordset(${json}::jsonb) AS x(n int, target_id int, detail jsonb)) AS t
    WHERE NOT (t.target_id = ANY(${[...skip]}::int[]))
    ORDER BY t.n`);
};

/**
 * The INSERT of an entry for each row of `from`, for a change made in one statement without a
 * transaction: put it in that statement as a data-modifying CTE (`WITH changed AS (UPDATE …
 * RETURNING …), logged AS (${auditInsertFrom(…)}) SELECT …`), so the entry is written exactly
 * when the change is. The `sql` fields are expressions over `from`'s columns.
 */
export const auditInsertFrom = ({
  entry,
  from,
  sql = {},
}: {
  entry: AuditEntry;
  from: Prisma.Sql;
  /** `detail`: a jsonb expression merged over entry.detail (values only the statement knows). */
  sql?: { userId?: Prisma.Sql; username?: Prisma.Sql; targetId?: Prisma.Sql; detail?: Prisma.Sql };
}) => {
  const { userId, username, ip } = who(entry);
  const detail = Prisma.sql`${detailJson(entry)}::jsonb${sql.detail ? Prisma.sql` || ${sql.detail}` : Prisma.empty}`;
  return Prisma.sql`INSERT INTO ${COLUMNS}
    SELECT ${sql.userId ?? Prisma.sql`${userId}::int`}, ${sql.username ?? username}, ${ip}, ${entry.action},
      ${entry.targetType}, ${sql.targetId ?? Prisma.sql`${entry.targetId ?? null}::int`}, ${detail}
    FROM ${from}`;
};
