import 'server-only';
import type { SqlRunner } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { NEWS_COLUMNS, type RawNewsRow } from './news-row';

/**
 * Every BLOCK-th key (new_time, id) of a category in list order, cached per process and per
 * `news_class_stat.version` (which the triggers move on any change to the category's ordered
 * rows). A deep page starts from the nearest boundary with a short OFFSET instead of walking
 * every row before it, so page 10,000 costs about what page 1 does.
 */
const BLOCK = 1000;
const MAX_CACHED = 200;
type Boundaries = { version: string; depth: number; keys: { newTime: Date; id: number }[] };
const boundaryCache = new Map<number, Boundaries>();

/** A page's rows with what the statement also answered; a page with no item is one row of NULLs. */
export type PageRow = RawNewsRow & { total: number; class_stamp: string | null };
type PageArgs = {
  sql: SqlRunner;
  classId: number;
  limit: number;
  offset: number;
  withContent: boolean;
  stamp: Prisma.Sql;
};

/** One value of the category's news_class_stat row as a scalar subquery (NULL: no row yet). */
const statSql = (classId: number, column: 'total' | 'version' | 'data_version') =>
  Prisma.sql`(SELECT ${Prisma.raw(column === 'total' ? 'total' : `${column}::text`)} FROM news_class_stat WHERE class_id = ${classId})`;

const pageSql = ({
  where,
  limit,
  offset,
  withContent,
}: {
  where: Prisma.Sql;
  limit: number;
  offset: number;
  withContent: boolean;
}) => Prisma.sql`
  SELECT ${NEWS_COLUMNS(withContent)}
  FROM (SELECT id, new_time FROM news WHERE ${where} ORDER BY new_time DESC, id DESC LIMIT ${limit} OFFSET ${offset}) AS page
  JOIN news n ON n.id = page.id`;

/**
 * Filtered totals per (category, filter), kept while the category's `data_version` (moved by the
 * triggers on any change to its items) stays the same: paging through a search, or repeating it,
 * does not count again. Each use checks the version in the same statement as the page.
 */
const MAX_TOTALS = 1000;
const totalCache = new Map<string, KnownTotal>();
/** Rows a walk in list order may test for one page before the gram index is used instead. */
const WALK_BUDGET = 4000;

type FilteredRow = PageRow & { data_version: string | null; class_total: number | null };
type FilteredArgs = PageArgs & { where: Prisma.Sql; walkWhere: Prisma.Sql; oneScan: boolean };
type KnownTotal = { dataVersion: string | null; total: number; classTotal: number; ids?: number[] };
/**
 * Up to this many matches, a filter's matching ids (in list order) are kept with its total once a
 * page is asked for again: rare matches would otherwise cost a scan of the category per page.
 */
const MAX_KEPT_IDS = 1000;

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
  const [row] = await sql.query<{ data_version: string | null; ids: number[] }>(Prisma.sql`
    SELECT ${statSql(classId, 'data_version')} AS data_version,
           ARRAY(SELECT id FROM news WHERE ${where} ORDER BY new_time DESC, id DESC LIMIT ${MAX_KEPT_IDS + 1}) AS ids`);
  return row;
};

const idsPageSql = ({ ids, withContent }: { ids: number[]; withContent: boolean }) => Prisma.sql`
  SELECT ${NEWS_COLUMNS(withContent)} FROM news n WHERE n.id = ANY(${ids}::int[])`;

/** The newest `budget` rows of the category, tested one by one: cheap when matches are common. */
const walkPageSql = ({
  classId,
  walkWhere,
  budget,
  limit,
  offset,
  withContent,
}: {
  classId: number;
  walkWhere: Prisma.Sql;
  budget: number;
  limit: number;
  offset: number;
  withContent: boolean;
}) => Prisma.sql`
  SELECT ${NEWS_COLUMNS(withContent)}
  FROM (SELECT id, new_time FROM (SELECT * FROM news WHERE class_id = ${classId} ORDER BY new_time DESC, id DESC LIMIT ${budget}) AS news
        WHERE ${walkWhere} ORDER BY new_time DESC, id DESC LIMIT ${limit} OFFSET ${offset}) AS page
  JOIN news n ON n.id = page.id`;

const cachedTotalPage = ({
  sql,
  classId,
  total,
  page,
  stamp,
}: {
  sql: SqlRunner;
  classId: number;
  total: number;
  page: Prisma.Sql;
  stamp: Prisma.Sql;
}) =>
  sql.query<FilteredRow>(
    Prisma.sql`
    SELECT ${total}::int AS total, v.class_stamp, v.data_version, NULL::int AS class_total, p.*
    FROM (SELECT ${stamp} AS class_stamp, ${statSql(classId, 'data_version')} AS data_version) AS v
    LEFT JOIN LATERAL (${page}) AS p ON true
    ORDER BY p.new_time DESC, p.id DESC`,
    { prepare: true },
  );

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
    if (totalCache.size >= MAX_TOTALS) totalCache.clear();
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
    const rows = await cachedTotalPage({ sql, classId, total: known.total, page, stamp });
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

const countedPage = async ({
  sql,
  classId,
  where,
  limit,
  offset,
  withContent,
  stamp,
  oneScan,
}: FilteredArgs): Promise<FilteredRow[]> => {
  if (!oneScan) {
    return sql.query<FilteredRow>(
      Prisma.sql`
      SELECT t.total, t.class_stamp, t.data_version, t.class_total, p.*
      FROM (SELECT count(*)::int AS total, ${stamp} AS class_stamp, ${statSql(classId, 'data_version')} AS data_version, ${statSql(classId, 'total')} AS class_total
            FROM news WHERE ${where}) AS t
      LEFT JOIN LATERAL (${pageSql({ where, limit, offset, withContent })}) AS p ON true
      ORDER BY p.new_time DESC, p.id DESC`,
      { prepare: true },
    );
  }
  const rows = await sql.query<FilteredRow>(
    Prisma.sql`
    SELECT coalesce(p.window_total, 0)::int AS total, s.class_stamp, s.data_version, s.class_total, p.*
    FROM (SELECT ${stamp} AS class_stamp, ${statSql(classId, 'data_version')} AS data_version, ${statSql(classId, 'total')} AS class_total) AS s
    LEFT JOIN LATERAL (
      SELECT page.window_total, ${NEWS_COLUMNS(withContent)}
      FROM (SELECT id, new_time, count(*) OVER () AS window_total FROM news WHERE ${where} ORDER BY new_time DESC, id DESC LIMIT ${limit} OFFSET ${offset}) AS page
      JOIN news n ON n.id = page.id
    ) AS p ON true
    ORDER BY p.new_time DESC, p.id DESC`,
    { prepare: true },
  );
  // A page past the end has no row to carry the window count: count on its own (rare).
  if (offset === 0 || rows[0]?.id !== null) return rows;
  const [{ total }] = await sql.query<{ total: number }>(
    Prisma.sql`SELECT count(*)::int AS total FROM news WHERE ${where}`,
  );
  return rows.map((row) => ({ ...row, total }));
};

const statPage = ({
  sql,
  classId,
  stamp,
  page,
  onVersion,
}: {
  sql: SqlRunner;
  classId: number;
  stamp: Prisma.Sql;
  page: Prisma.Sql;
  onVersion?: string;
}) =>
  sql.query<PageRow & { version: string | null }>(
    Prisma.sql`
    SELECT t.total, t.version, t.class_stamp, p.*
    FROM (SELECT coalesce(${statSql(classId, 'total')}, 0) AS total, ${statSql(classId, 'version')} AS version, ${stamp} AS class_stamp) AS t
    LEFT JOIN LATERAL (${page}) AS p ON ${onVersion === undefined ? Prisma.sql`true` : Prisma.sql`t.version = ${onVersion}`}
    ORDER BY p.new_time DESC, p.id DESC`,
    { prepare: true },
  );

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
  const rows = await sql.query<{
    version: string | null;
    new_time: Date | null;
    id: number | null;
  }>(Prisma.sql`
    SELECT v.version, k.new_time, k.id
    FROM (SELECT ${statSql(classId, 'version')} AS version) AS v
    LEFT JOIN LATERAL (
      SELECT new_time, id FROM (
        SELECT new_time, id, row_number() OVER (ORDER BY new_time DESC, id DESC) AS rn
        FROM (SELECT new_time, id FROM news WHERE class_id = ${classId} ORDER BY new_time DESC, id DESC LIMIT ${depth * BLOCK + 1}) AS ordered
      ) AS numbered
      WHERE (rn - 1) % ${BLOCK} = 0
    ) AS k ON true
    ORDER BY k.new_time DESC, k.id DESC`);
  const keys = rows
    .filter((row) => row.id !== null)
    .map((row) => ({ newTime: new Date(row.new_time as Date), id: row.id as number }));
  const boundaries = { version: rows[0]?.version ?? '', depth, keys };
  if (boundaryCache.size >= MAX_CACHED) boundaryCache.clear();
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
  const block = Math.floor(offset / BLOCK);
  if (block === 0)
    return statPage({ sql, classId, stamp, page: pageSql({ where, limit, offset, withContent }) });
  for (let attempt = 0; ; attempt += 1) {
    let boundaries = boundaryCache.get(classId);
    const isFresh = !boundaries || boundaries.depth < block || attempt > 0;
    if (isFresh) boundaries = await loadBoundaries({ sql, classId, depth: block });
    const key = boundaries!.keys[block];
    if (!key) {
      // Kept keys from when the category was shorter: take them again before believing it.
      if (!isFresh) continue;
      // The category is shorter than the offset: the page is empty, the total still answers.
      return statPage({ sql, classId, stamp, page: pageSql({ where, limit, offset, withContent }) });
    }
    const from = Prisma.sql`class_id = ${classId} AND (new_time, id) <= (${key.newTime}::timestamptz, ${key.id}::int)`;
    const rows = await statPage({
      sql,
      classId,
      stamp,
      page: pageSql({ where: from, limit, offset: offset - block * BLOCK, withContent }),
      onVersion: boundaries!.version,
    });
    // The category changed since the boundaries were taken: take them again (once; a second
    // change in between falls back to the plain walk, which is always right).
    if (rows[0]?.version === boundaries!.version) return rows;
    if (attempt > 0)
      return statPage({ sql, classId, stamp, page: pageSql({ where, limit, offset, withContent }) });
  }
};
