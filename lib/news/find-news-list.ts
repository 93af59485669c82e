import 'server-only';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { buildNewsFilters } from './build-filters';
import { loadListClass } from './load-class';
import type { TNewsListQuery } from './schemas';
import { toNewsItem, type NewsRow } from './to-api';

type RawNewsRow = {
  id: number; class_id: number; title: string; short_title: string; intro: string; content: string; hr_type: string;
  old_class: number | null; is_lock: boolean; process: number; new_time: Date; fields: unknown; created_at: Date; updated_at: Date;
};

export const fromRaw = (row: RawNewsRow): NewsRow => ({
  id: row.id, classId: row.class_id, title: row.title, shortTitle: row.short_title, intro: row.intro, content: row.content,
  hrType: row.hr_type, oldClass: row.old_class, isLock: row.is_lock, process: row.process, newTime: row.new_time,
  fields: row.fields as NewsRow['fields'], createdAt: row.created_at, updatedAt: row.updated_at,
});

export const NEWS_COLUMNS = (withContent: boolean) =>
  Prisma.raw(
    `n.id, n.class_id, n.title, n.short_title, n.intro, ${withContent ? 'n.content' : "'' AS content"}, n.hr_type, n.old_class, n.is_lock, n.process, n.new_time, n.fields, n.created_at, n.updated_at`,
  );

/** One page of a category's items, newest first (new_time, then id), with the total. */
export const findNewsList = async (query: TNewsListQuery) => {
  const category = await loadListClass({ classId: query.class_id });
  const where = buildNewsFilters({ classId: category.id, query, fields: category.schema.list });
  const withContent = category.schema.base_set.content.showlist;
  const db = await getDb();
  const offset = (query.page - 1) * query.limit;
  // One round trip: the total, and the page found by walking ids on the (class_id, new_time, id)
  // index before fetching only the rows shown.
  const rows = await db.$queryRaw<(RawNewsRow & { total: number })[]>`
    SELECT t.total, p.*
    FROM (SELECT count(*)::int AS total FROM news WHERE ${where}) AS t
    LEFT JOIN LATERAL (
      SELECT ${NEWS_COLUMNS(withContent)}
      FROM (SELECT id, new_time FROM news WHERE ${where} ORDER BY new_time DESC, id DESC LIMIT ${query.limit} OFFSET ${offset}) AS page
      JOIN news n ON n.id = page.id
    ) AS p ON true
    ORDER BY p.new_time DESC, p.id DESC`;
  const total = rows[0]?.total ?? 0;
  const items = rows.filter((row) => row.id !== null);
  return {
    data: items.map((row) => toNewsItem({ row: fromRaw(row), fields: category.schema.list, withContent })),
    total,
  };
};
