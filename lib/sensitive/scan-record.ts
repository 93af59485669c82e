import 'server-only';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { CLASS_STAMP } from '@/lib/news/load-class';
import type { ItemWord } from './levels';

/** An item a 敏感词检查 page read: its row version when read, and its words (null: none). */
export type ScannedItem = { id: number; row_version: string; words: ItemWord[] | null };

/**
 * What a page of scan_sensitive (scan.ts) found, recorded for the 首页 in one statement:
 *
 * - each item read gets its words (a row in news_sensitive_hit) or loses its row, unless it was
 *   written since it was read (its xmin moved: that write recorded its own words) or is gone;
 * - the run through the scope (`categories`, a condition on news_class `c`): the first page
 *   (`afterId` 0) starts a run in each category with the lists' `version` and the category's stamp;
 *   a page that goes on from where the run is (`afterId` = pass_after, same version) moves it on;
 *   the last page (`lastId` null) marks the category checked at the run's version and stamp. A run
 *   broken off (a page skipped, the lists changed, another run begun) marks nothing.
 */
export const recordScanPage = async ({
  items,
  version,
  categories,
  afterId,
  lastId,
}: {
  items: readonly ScannedItem[];
  version: string;
  categories: Prisma.Sql;
  afterId: number;
  lastId: number | null;
}) => {
  const isDone = lastId === null;
  const scope = Prisma.sql`SELECT c.id FROM news_class c WHERE c.class_type <> '1' AND ${categories}`;
  const progress =
    afterId === 0
      ? Prisma.sql`
    INSERT INTO news_class_sensitive AS s
      (class_id, pass_version, pass_stamp, pass_after, checked_version, checked_stamp, checked_at)
    SELECT c.id, ${version}::bigint, ${CLASS_STAMP}, ${lastId}::int,
      ${isDone ? Prisma.sql`${version}::bigint, ${CLASS_STAMP}, now()` : Prisma.sql`NULL::bigint, NULL, NULL::timestamptz`}
    FROM news_class c WHERE c.id IN (${scope}) ORDER BY c.id
    ON CONFLICT (class_id) DO UPDATE SET pass_version = EXCLUDED.pass_version, pass_stamp = EXCLUDED.pass_stamp,
      pass_after = EXCLUDED.pass_after, checked_version = COALESCE(EXCLUDED.checked_version, s.checked_version),
      checked_stamp = COALESCE(EXCLUDED.checked_stamp, s.checked_stamp),
      checked_at = COALESCE(EXCLUDED.checked_at, s.checked_at)`
      : Prisma.sql`
    UPDATE news_class_sensitive s SET pass_after = ${lastId}::int
      ${isDone ? Prisma.sql`, checked_version = s.pass_version, checked_stamp = s.pass_stamp, checked_at = now()` : Prisma.empty}
    WHERE s.class_id IN (${scope}) AND s.pass_version = ${version}::bigint AND s.pass_after = ${afterId}::int`;
  const sql = await getSql();
  await sql.query(Prisma.sql`
    WITH page AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS x(id int, row_version text, words jsonb)),
    live AS (
      SELECT p.id, n.class_id, p.words FROM page p JOIN news n ON n.id = p.id
      WHERE n.xmin = p.row_version::xid ORDER BY p.id FOR KEY SHARE OF n),
    cleared AS (DELETE FROM news_sensitive_hit h USING live l WHERE h.news_id = l.id AND l.words IS NULL),
    written AS (
      INSERT INTO news_sensitive_hit (news_id, class_id, words)
      SELECT l.id, l.class_id, l.words FROM live l WHERE l.words IS NOT NULL ORDER BY l.id
      ON CONFLICT (news_id) DO UPDATE SET class_id = EXCLUDED.class_id, words = EXCLUDED.words,
        recorded_at = EXCLUDED.recorded_at
      WHERE news_sensitive_hit.words IS DISTINCT FROM EXCLUDED.words
        OR news_sensitive_hit.class_id <> EXCLUDED.class_id),
    progress AS (${progress})
    SELECT 1`);
};
