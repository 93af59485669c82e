import 'server-only';
import type { ClassRights } from '@/lib/auth/class-rights';
import { findClassTree } from '@/lib/categories/find-class-tree';
import type { ClassNode } from '@/lib/categories/to-api';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { NOT_STARTED } from '@/lib/process/class-stats';
import { isProcessClass } from '@/lib/process/steps';
import type { RevisionAction } from '@/lib/revisions/actions';
import { keptRevisionSql } from '@/lib/revisions/kept-revisions';
import { findHomeSensitive } from './find-home-sensitive';
import type { HomeOverview } from './home-types';

/** How many changes the 首页 lists, newest first. */
export const LATEST_CHANGES = 10;
/** The 回收站 is counted up to this many items; past it the 首页 says 「10000+」. */
export const RECYCLE_COUNT_CAP = 10_000;

/** The visible list categories (types 0, 4, 5) within the rights, in the menu's order. */
const listCategories = (nodes: ClassNode[], rights: ClassRights): ClassNode[] =>
  nodes.flatMap((node) => [
    ...(node.class_type !== '1' && (!rights || rights.has(node.id)) ? [node] : []),
    ...listCategories(node.children, rights),
  ]);

type StatRow = {
  id: number;
  total: number;
  changed: number;
  steps: { title?: unknown; value?: unknown }[] | null;
  step_counts: Record<string, number> | null;
};
type ChangeRow = {
  news_id: number;
  rev: number;
  class_id: number;
  title: string | null;
  action: RevisionAction;
  user_name: string;
  created_at: Date;
  live_class_id: number | null;
};

/**
 * news_manage/get_home_overview: the 首页 of an editor, within the categories the menu shows them
 * (visible, and within their rights): each list category's items (news_class_stat.total) and how
 * many were last changed in the last 7 days (the sum of its news_class_hour buckets since the hour
 * 7 days ago), a process category's items per step (news_class_step), the latest changes (the
 * newest revisions of each category by news_revision's (class_id, created_at) index, merged), and
 * the 回收站's items of those categories (counted up to RECYCLE_COUNT_CAP), and their 敏感词 as the
 * writes recorded them (find-home-sensitive.ts). Nothing here counts or scans the items or reads
 * their texts: its cost grows with the number of categories, not of items.
 */
export const findHomeOverview = async ({ rights }: { rights: ClassRights }): Promise<HomeOverview> => {
  const categories = listCategories(await findClassTree({ visibleOnly: true }), rights);
  const ids = categories.map((node) => node.id);
  if (ids.length === 0)
    return {
      classes: [],
      latest: [],
      recycle: { total: 0, capped: false },
      sensitive: await findHomeSensitive({ ids }),
    };
  const sql = await getSql();
  const [stats, changes, [bin], sensitive] = await Promise.all([
    sql.query<StatRow>(Prisma.sql`
      SELECT c.id, COALESCE(s.total, 0) AS total,
        (SELECT COALESCE(sum(h.items), 0)::int FROM news_class_hour h
          WHERE h.class_id = c.id AND h.hour >= date_trunc('hour', now() - interval '7 days', 'UTC')) AS changed,
        CASE WHEN c.class_type IN ('4', '5') THEN c.content_fileds -> 'process' END AS steps,
        CASE WHEN c.class_type IN ('4', '5') THEN
          (SELECT jsonb_object_agg(p.process, p.items) FROM news_class_step p WHERE p.class_id = c.id) END AS step_counts
      FROM news_class c LEFT JOIN news_class_stat s ON s.class_id = c.id
      WHERE c.id = ANY(${ids}::int[])`),
    // Each category's newest revisions by the index, merged; the item's category now only for the 10.
    sql.query<ChangeRow>(Prisma.sql`
      SELECT l.news_id, l.rev, l.class_id, l.columns ->> 'title' AS title, l.action, l.user_name, l.created_at,
        n.class_id AS live_class_id
      FROM (
        SELECT r.* FROM unnest(${ids}::int[]) AS c(id)
        CROSS JOIN LATERAL (
          SELECT * FROM news_revision r WHERE r.class_id = c.id AND ${keptRevisionSql('r')}
          ORDER BY r.created_at DESC, r.news_id DESC, r.rev DESC LIMIT ${LATEST_CHANGES}) r
        ORDER BY r.created_at DESC, r.news_id DESC, r.rev DESC LIMIT ${LATEST_CHANGES}) l
      LEFT JOIN news n ON n.id = l.news_id
      ORDER BY l.created_at DESC, l.news_id DESC, l.rev DESC`),
    sql.query<{ n: number }>(Prisma.sql`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM news_trash t WHERE t.class_id = ANY(${ids}::int[]) LIMIT ${RECYCLE_COUNT_CAP + 1}) t`),
    findHomeSensitive({ ids }),
  ]);
  const statOf = new Map(stats.map((row) => [row.id, row]));
  const binTotal = bin?.n ?? 0;
  return {
    classes: categories.map((node) => {
      const stat = statOf.get(node.id);
      const counts = stat?.step_counts ?? {};
      const steps = Array.isArray(stat?.steps) ? stat.steps : [];
      return {
        id: node.id,
        name: node.name,
        class_type: node.class_type,
        total: stat?.total ?? 0,
        changed_7d: stat?.changed ?? 0,
        ...(isProcessClass(node.class_type)
          ? {
              steps: [
                { value: 0, title: NOT_STARTED, count: counts['0'] ?? 0 },
                ...steps.map((step) => ({
                  value: Number(step.value),
                  title: String(step.title ?? ''),
                  count: counts[String(step.value)] ?? 0,
                })),
              ],
            }
          : {}),
      };
    }),
    latest: changes.map((row) => ({
      news_id: row.news_id,
      rev: row.rev,
      class_id: row.class_id,
      title: row.title ?? '',
      action: row.action,
      user_name: row.user_name,
      time: Math.floor(row.created_at.getTime() / 1000),
      // Where the item is now: null once it is in the 回收站 (or purged).
      open_class_id: row.live_class_id,
    })),
    recycle: { total: Math.min(binTotal, RECYCLE_COUNT_CAP), capped: binTotal > RECYCLE_COUNT_CAP },
    sensitive,
  };
};
