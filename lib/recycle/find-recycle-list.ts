import 'server-only';
import { CLASS_FORBIDDEN, type ClassRights } from '@/lib/auth/class-rights';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import type { RecycleItem } from '@/lib/news/recycle-types';
import type { TRecycleListQuery } from './schemas';

type Row = Omit<RecycleItem, 'deleted_at'> & { deleted_at: Date };

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * get_recycle_list: the bin's items, newest deletion first, of one category or of every category
 * the caller may work in (an editor limited to some categories sees only theirs; an item whose
 * category has been deleted only by an editor of all). `class_name` is the category's name now, or
 * the one it had when the item was deleted once the category is gone (`is_class_gone`: such an item
 * is restored into a category of its `class_type`, named by restore_news's class_id). Read by the bin's indexes
 * (deleted_at, and class_id + deleted_at): the bin is a table of its own, so it costs the live
 * lists nothing.
 */
export const findRecycleList = async ({
  query,
  rights,
}: {
  query: TRecycleListQuery;
  rights: ClassRights;
}): Promise<{ data: RecycleItem[]; total: number }> => {
  const { class_id: classId, page, limit, title } = query;
  if (classId !== undefined && rights && !rights.has(classId))
    throw new AppError({ code: ErrorCode.forbidden, message: CLASS_FORBIDDEN });
  const conditions = [
    classId !== undefined ? Prisma.sql`t.class_id = ${classId}` : null,
    classId === undefined && rights ? Prisma.sql`t.class_id = ANY(${[...rights]}::int[])` : null,
    title ? Prisma.sql`t.title ILIKE ${likePattern(title)}` : null,
  ].filter((condition) => condition !== null);
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
  const sql = await getSql();
  const [rows, [count]] = await Promise.all([
    sql.query<Row>(Prisma.sql`
      SELECT t.id, t.class_id, COALESCE(c.name, t.class_name) AS class_name, t.class_type,
        c.id IS NULL AS is_class_gone, t.title, t.deleted_at, t.deleted_by_name
      FROM news_trash t LEFT JOIN news_class c ON c.id = t.class_id
      ${where}
      ORDER BY t.deleted_at DESC, t.id DESC
      LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
    sql.query<{ n: number }>(Prisma.sql`SELECT count(*)::int AS n FROM news_trash t ${where}`),
  ]);
  return {
    data: rows.map((row) => ({ ...row, deleted_at: Math.floor(row.deleted_at.getTime() / 1000) })),
    total: count?.n ?? 0,
  };
};
