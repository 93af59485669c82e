import 'server-only';
import { Prisma } from '@/lib/generated/prisma/client';
import type { TAuditLogQuery } from './schemas';

export type AuditLogFilter = Pick<TAuditLogQuery, 'user' | 'action' | 'target' | 'start' | 'end'>;

/**
 * The WHERE of a filter over `audit_log a`. Each filter has an index led by its column and
 * followed by (created_at DESC, id DESC): the page and the counts are ranges of one index.
 */
export const filterSql = ({ user, action, target, start, end }: AuditLogFilter) => {
  const parts: Prisma.Sql[] = [];
  if (user) parts.push(Prisma.sql`lower(a.username) = lower(${user})`);
  if (action) parts.push(Prisma.sql`a.action = ${action}`);
  if (target) parts.push(Prisma.sql`a.target_type = ${target}`);
  if (start !== undefined) parts.push(Prisma.sql`a.created_at >= to_timestamp(${start})`);
  // The end second is included whole (created_at has milliseconds).
  if (end !== undefined) parts.push(Prisma.sql`a.created_at < to_timestamp(${end + 1})`);
  return parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`TRUE`;
};

/** The filter as a cache key (the user matched regardless of case). */
export const filterKey = ({ user, action, target, start, end }: AuditLogFilter) =>
  JSON.stringify([user?.toLowerCase() ?? '', action ?? '', target ?? '', start ?? '', end ?? '']);
