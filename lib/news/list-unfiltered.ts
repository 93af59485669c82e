import 'server-only';
import type { SqlRunner } from '@/lib/db/sql-runner';
import { Prisma } from '@/lib/generated/prisma/client';
import { BoundedMap } from '@/lib/cache/bounded-map';
import { boundariesSql, pageSql, statPage, type PageArgs, type PageRow } from './list-sql';

/**
 * Every BLOCK-th key (new_time, id) of a category in list order, cached per process and per
 * `news_class_stat.version` (which the triggers move on any change to the category's ordered
 * rows). A deep page starts from the nearest boundary with a short OFFSET instead of walking
 * every row before it, so page 10,000 costs about what page 1 does.
 *
 * Cache: by category id, 200 categories (least recently used evicted). Invalidation: every page
 * read from a boundary checks `version` in the same statement; a moved version (or keys too
 * shallow for the page) takes the keys again.
 */
const BLOCK = 1000;
type Boundaries = { version: string; depth: number; keys: { newTime: Date; id: number }[] };
const boundaryCache = new BoundedMap<number, Boundaries>({ max: 200 });

const loadBoundaries = async ({
  sql,
  classId,
  depth,
}: {
  sql: SqlRunner;
  classId: number;
  depth: number;
}): Promise<Boundaries> => {
  // The keys and the version they belong to come from one statement, hence one snapshot.
  const rows = await sql.query<{ version: string | null; new_time: Date | null; id: number | null }>(
    boundariesSql({ classId, depth, block: BLOCK }),
  );
  const keys = rows
    .filter((row) => row.id !== null)
    .map((row) => ({ newTime: new Date(row.new_time as Date), id: row.id as number }));
  const boundaries = { version: rows[0]?.version ?? '', depth, keys };
  boundaryCache.set(classId, boundaries);
  return boundaries;
};

/** An unfiltered page: the total from news_class_stat, deep pages from a cached boundary. */
export const unfilteredPage = async ({
  sql,
  classId,
  limit,
  offset,
  withContent,
  stamp,
}: PageArgs): Promise<PageRow[]> => {
  const where = Prisma.sql`class_id = ${classId}`;
  const plainPage = () =>
    statPage({ sql, classId, stamp, page: pageSql({ where, limit, offset, withContent }) });
  const block = Math.floor(offset / BLOCK);
  if (block === 0) return plainPage();
  for (let attempt = 0; ; attempt += 1) {
    let boundaries = boundaryCache.get(classId);
    // Kept keys serve if they reach this block, or if the category ended before their depth (a
    // page past its end: asked again and again, it must not walk the category each time).
    const covers =
      boundaries !== undefined && (boundaries.depth >= block || boundaries.keys.length <= boundaries.depth);
    if (!covers || attempt > 0) boundaries = await loadBoundaries({ sql, classId, depth: block });
    const key = boundaries!.keys[block];
    // No key: the category is shorter than the offset, so the page is empty and only the total
    // (and the version the keys belong to) are read.
    const from = key
      ? Prisma.sql`class_id = ${classId}
      AND (new_time, id) <= (${key.newTime}::timestamptz, ${key.id}::int)`
      : Prisma.sql`false`;
    const rows = await statPage({
      sql,
      classId,
      stamp,
      page: pageSql({ where: from, limit, offset: key ? offset - block * BLOCK : 0, withContent }),
      onVersion: boundaries!.version,
    });
    // The category changed since the boundaries were taken: take them again (once; a second
    // change in between falls back to the plain walk, which is always right).
    if (rows[0]?.version === boundaries!.version) return rows;
    if (attempt > 0) return plainPage();
  }
};
