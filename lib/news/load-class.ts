import 'server-only';
import { readContentFields } from '@/lib/categories/content-fields';
import { CLASS_NOT_FOUND } from '@/lib/categories/find-class-one';
import { BoundedMap } from '@/lib/cache/bounded-map';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';

type ClassRow = { id: number; name: string; classType: string; contentFields: unknown };
export type ListClass = ReturnType<typeof toListClass>;

/** A category row as an item call needs it; items live only in list categories (not type 1). */
export const toListClass = (row: ClassRow | null | undefined) => {
  if (!row) throw new AppError({ code: ErrorCode.notFound, message: CLASS_NOT_FOUND });
  if (row.classType === '1')
    throw new AppError({ code: ErrorCode.badRequest, message: '单页栏目没有内容列表' });
  return {
    id: row.id,
    name: row.name,
    classType: row.classType,
    schema: readContentFields(row.contentFields),
  };
};

/** A fingerprint of what an item read depends on in the category row `c` (type and schema). */
export const CLASS_STAMP = Prisma.raw('md5(c.class_type || c.content_fileds::text)');

/** The stamp of a category as a scalar subquery, for a read to return alongside its rows. */
export const classStampSql = (classId: number) =>
  Prisma.sql`(SELECT ${CLASS_STAMP} FROM news_class c WHERE c.id = ${classId})`;

const readListClass = async (classId: number) => {
  const sql = await getSql();
  const [row] = await sql.query<{
    id: number;
    name: string;
    class_type: string;
    content_fields: unknown;
    stamp: string;
  }>(Prisma.sql`
    SELECT c.id, c.name, c.class_type, c.content_fileds AS content_fields, ${CLASS_STAMP} AS stamp FROM news_class c WHERE c.id = ${classId}`);
  const category = toListClass(
    row && { id: row.id, name: row.name, classType: row.class_type, contentFields: row.content_fields },
  );
  return { category, stamp: row.stamp };
};

/** The category an item call is about, with its schema. */
export const loadListClass = async ({ classId }: { classId: number }) =>
  (await readListClass(classId)).category;

/**
 * Categories as item reads need them. Cache: by category id, 500 categories (least recently used
 * evicted). Invalidation: every read through withListClass returns the category's stamp from its
 * own statement; a different stamp drops the entry, reloads the category and runs the read again.
 */
const cache = new BoundedMap<number, { stamp: string; category: ListClass }>({ max: 500 });

/**
 * Runs a read with the category's schema from this process's cache, saving the category query
 * on the hot list path. The read returns the stamp its own statement saw (classStampSql), so a
 * schema changed by any process is noticed in the same round trip: the category is reloaded
 * and the read runs again. `read` is given the stamp of the category it is given, for a write
 * that must apply only while the category is still that one (create-news.ts).
 */
export const withListClass = async <R>(
  classId: number,
  read: (category: ListClass, stamp: string) => Promise<{ stamp: string | null; result: R }>,
): Promise<R> => {
  const cached = cache.get(classId);
  if (cached) {
    const attempt = await read(cached.category, cached.stamp);
    if (attempt.stamp === cached.stamp) return attempt.result;
    cache.delete(classId);
  }
  const fresh = await readListClass(classId);
  cache.set(classId, fresh);
  return (await read(fresh.category, fresh.stamp)).result;
};
