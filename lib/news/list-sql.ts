import 'server-only';
import type { SqlRunner } from '@/lib/db/sql-runner';
import { Prisma } from '@/lib/generated/prisma/client';
import { NEWS_COLUMNS, type RawNewsRow } from './news-row';

/**
 * The statements of the list paths (list-page.ts). Every page statement returns the page's rows
 * together with what the caller checks in the same snapshot (total, category stamp, versions); a
 * page with no item is one row of NULLs carrying those values.
 */

/** A page's rows with what the statement also answered; a page with no item is one row of NULLs. */
export type PageRow = RawNewsRow & { total: number; class_stamp: string | null };

export type PageArgs = {
  sql: SqlRunner;
  classId: number;
  limit: number;
  offset: number;
  withContent: boolean;
  stamp: Prisma.Sql;
};

/** The list order, newest first; `id` breaks ties of equal new_time. */
const ORDER = Prisma.raw('ORDER BY new_time DESC, id DESC');

/** One value of the category's news_class_stat row as a scalar subquery (NULL: no row yet). */
export const statSql = (classId: number, column: 'total' | 'version' | 'data_version') =>
  Prisma.sql`(SELECT ${Prisma.raw(column === 'total' ? 'total' : `${column}::text`)}
    FROM news_class_stat WHERE class_id = ${classId})`;

/** The rows matching `where` in list order, LIMIT/OFFSET on the (new_time, id) index. */
export const pageSql = ({
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
  FROM (SELECT id, new_time FROM news WHERE ${where} ${ORDER} LIMIT ${limit} OFFSET ${offset}) AS page
  JOIN news n ON n.id = page.id`;

/** The rows of the given ids (kept in list order by the caller's ORDER BY). */
export const idsPageSql = ({ ids, withContent }: { ids: number[]; withContent: boolean }) => Prisma.sql`
  SELECT ${NEWS_COLUMNS(withContent)} FROM news n WHERE n.id = ANY(${ids}::int[])`;

/** The newest `budget` rows of the category, tested one by one: cheap when matches are common. */
export const walkPageSql = ({
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
  FROM (SELECT id, new_time
        FROM (SELECT * FROM news WHERE class_id = ${classId} ${ORDER} LIMIT ${budget}) AS news
        WHERE ${walkWhere} ${ORDER} LIMIT ${limit} OFFSET ${offset}) AS page
  JOIN news n ON n.id = page.id`;

/** Every matching id in list order (at most `max`), with the data version of the same snapshot. */
export const matchingIdsSql = ({
  classId,
  where,
  max,
}: {
  classId: number;
  where: Prisma.Sql;
  max: number;
}) =>
  Prisma.sql`
    SELECT ${statSql(classId, 'data_version')} AS data_version,
           ARRAY(SELECT id FROM news WHERE ${where} ${ORDER} LIMIT ${max}) AS ids`;

/** An unfiltered page with the category's total and `version`; `onVersion` empties a stale page. */
export const statPage = ({
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
    FROM (SELECT coalesce(${statSql(classId, 'total')}, 0) AS total, ${statSql(classId, 'version')} AS version,
                 ${stamp} AS class_stamp) AS t
    LEFT JOIN LATERAL (${page}) AS p
      ON ${onVersion === undefined ? Prisma.sql`true` : Prisma.sql`t.version = ${onVersion}`}
    ORDER BY p.new_time DESC, p.id DESC`,
    { prepare: true },
  );

/** Every BLOCK-th key (new_time, id) of the category's first depth × BLOCK rows, with `version`. */
export const boundariesSql = ({ classId, depth, block }: { classId: number; depth: number; block: number }) =>
  Prisma.sql`
    SELECT v.version, k.new_time, k.id
    FROM (SELECT ${statSql(classId, 'version')} AS version) AS v
    LEFT JOIN LATERAL (
      SELECT new_time, id FROM (
        SELECT new_time, id, row_number() OVER (${ORDER}) AS rn
        FROM (SELECT new_time, id FROM news WHERE class_id = ${classId} ${ORDER} LIMIT ${depth * block + 1}) AS ordered
      ) AS numbered
      WHERE (rn - 1) % ${block} = 0
    ) AS k ON true
    ORDER BY k.new_time DESC, k.id DESC`;

/** A filtered page's rows with the category's data_version and total, as a filtered path needs them. */
export type FilteredRow = PageRow & { data_version: string | null; class_total: number | null };

/** A page whose total is already known: only the data version is read with it, to check the total. */
export const knownTotalPage = ({
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

/** What a freshly counted filtered page reads besides its rows: the stamp and the category's stat row. */
const countedStats = ({ classId, stamp }: { classId: number; stamp: Prisma.Sql }) => Prisma.sql`
  ${stamp} AS class_stamp, ${statSql(classId, 'data_version')} AS data_version,
  ${statSql(classId, 'total')} AS class_total`;

/** A count of every match, then the page walked on the ordered index (filters matching many rows). */
export const countThenPage = ({
  sql,
  classId,
  where,
  limit,
  offset,
  withContent,
  stamp,
}: FilteredPageSqlArgs) =>
  sql.query<FilteredRow>(
    Prisma.sql`
    SELECT t.total, t.class_stamp, t.data_version, t.class_total, p.*
    FROM (SELECT count(*)::int AS total, ${countedStats({ classId, stamp })} FROM news WHERE ${where}) AS t
    LEFT JOIN LATERAL (${pageSql({ where, limit, offset, withContent })}) AS p ON true
    ORDER BY p.new_time DESC, p.id DESC`,
    { prepare: true },
  );

/** One scan for both the count (a window count) and the page (top-N): the title's gram index. */
export const windowCountPage = ({
  sql,
  classId,
  where,
  limit,
  offset,
  withContent,
  stamp,
}: FilteredPageSqlArgs) =>
  sql.query<FilteredRow>(
    Prisma.sql`
    SELECT coalesce(p.window_total, 0)::int AS total, s.class_stamp, s.data_version, s.class_total, p.*
    FROM (SELECT ${countedStats({ classId, stamp })}) AS s
    LEFT JOIN LATERAL (
      SELECT page.window_total, ${NEWS_COLUMNS(withContent)}
      FROM (SELECT id, new_time, count(*) OVER () AS window_total
            FROM news WHERE ${where} ${ORDER} LIMIT ${limit} OFFSET ${offset}) AS page
      JOIN news n ON n.id = page.id
    ) AS p ON true
    ORDER BY p.new_time DESC, p.id DESC`,
    { prepare: true },
  );

type FilteredPageSqlArgs = PageArgs & { where: Prisma.Sql };
