import 'server-only';
import type { SqlRunner } from '@/lib/db/sql-runner';
import { BoundedMap } from '@/lib/cache/bounded-map';
import { Prisma } from '@/lib/generated/prisma/client';
import {
  countThenPage,
  idsPageSql,
  knownTotalPage,
  matchingIdsSql,
  pageSql,
  walkPageSql,
  windowCountPage,
  type FilteredRow,
  type PageArgs,
  type PageRow,
} from './list-sql';

/**
 * Filtered totals per (category, filter), kept while the category's `data_version` (moved by the
 * triggers on any change to its items) stays the same: paging through a search, or repeating it,
 * does not count again. Each use checks the version in the same statement as the page.
 *
 * Cache: by (category id, filter SQL and values), 1000 filters (least recently used evicted).
 * Invalidation: a page whose data_version differs from the kept one drops the entry and counts.
 */
type KnownTotal = { dataVersion: string | null; total: number; classTotal: number; ids?: number[] };
const totalCache = new BoundedMap<string, KnownTotal>({ max: 1000 });
/** Rows a walk in list order may test for one page before the gram index is used instead. */
const WALK_BUDGET = 4000;
/**
 * Up to this many matches, a filter's matching ids (in list order) are kept with its total once a
 * page is asked for again: rare matches would otherwise cost a scan of the category per page.
 */
const MAX_KEPT_IDS = 1000;

export type FilteredArgs = PageArgs & { where: Prisma.Sql; walkWhere: Prisma.Sql; oneScan: boolean };

/** Every matching id in list order, with the data version of the same snapshot. */
const matchingIds = async ({
  sql,
  classId,
  where,
}: {
  sql: SqlRunner;
  classId: number;
  where: Prisma.Sql;
}) => {
  const [row] = await sql.query<{ data_version: string | null; ids: number[] }>(
    matchingIdsSql({ classId, where, max: MAX_KEPT_IDS + 1 }),
  );
  return row;
};

/**
 * A filtered page. The first time a filter is seen (or after the category's items changed) the
 * total is counted: with a title filter the gram index finds the rows once for both the count (a
 * window count) and the page (top-N); other filters may match most of a big category, where
 * counting and then walking the ordered index for one page is cheaper. With the total known, a
 * page of common matches walks the category in list order, and rare ones use the index.
 */
export const filteredPage = async (args: FilteredArgs): Promise<PageRow[]> => {
  const key = `${args.classId}\u0000${args.where.text}\u0000${JSON.stringify(args.where.values)}`;
  const known = totalCache.get(key);
  if (known) {
    const rows = await pageWithKnownTotal(args, known);
    if (rows) return rows;
    totalCache.delete(key);
  }
  const rows = await countedPage(args);
  const first = rows[0];
  if (first) {
    totalCache.set(key, {
      dataVersion: first.data_version,
      total: first.total,
      classTotal: first.class_total ?? 0,
    });
  }
  return rows;
};

/** The page for a kept total, or null when the category's items changed since it was counted. */
const pageWithKnownTotal = async (
  { sql, classId, where, walkWhere, limit, offset, withContent, stamp }: FilteredArgs,
  known: KnownTotal,
) => {
  const read = async (page: Prisma.Sql) => {
    const rows = await knownTotalPage({ sql, classId, total: known.total, page, stamp });
    return rows[0]?.data_version === known.dataVersion ? rows : null;
  };
  const wanted = Math.max(0, Math.min(limit, known.total - offset));
  // No match, or a page past the last: nothing to look for, only the version to check.
  if (wanted === 0) return read(idsPageSql({ ids: [], withContent }));
  const expectedWalk = ((offset + limit) * known.classTotal) / known.total;
  if (expectedWalk * 2 <= WALK_BUDGET) {
    const rows = await read(
      walkPageSql({ classId, walkWhere, budget: WALK_BUDGET, limit, offset, withContent }),
    );
    // A full page from the walk; fewer rows mean the matches sit further down: use the index.
    if (!rows || rows.filter((row) => row.id !== null).length === wanted) return rows;
  }
  if (known.total <= MAX_KEPT_IDS) {
    if (!known.ids) {
      const found = await matchingIds({ sql, classId, where });
      if (found.data_version !== known.dataVersion || found.ids.length !== known.total) return null;
      known.ids = found.ids;
    }
    // The ids are right while the data version read with the page is the one they were taken at.
    return read(idsPageSql({ ids: known.ids.slice(offset, offset + limit), withContent }));
  }
  return read(pageSql({ where, limit, offset, withContent }));
};

/** A page with its total counted afresh (the first time a filter is seen, or after a change). */
const countedPage = async (args: FilteredArgs): Promise<FilteredRow[]> => {
  if (!args.oneScan) return countThenPage(args);
  const rows = await windowCountPage(args);
  // A page past the end has no row to carry the window count: count on its own (rare).
  if (args.offset === 0 || rows[0]?.id !== null) return rows;
  const [{ total }] = await args.sql.query<{ total: number }>(
    Prisma.sql`SELECT count(*)::int AS total FROM news WHERE ${args.where}`,
  );
  return rows.map((row) => ({ ...row, total }));
};
