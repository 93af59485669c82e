import 'server-only';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { CLASS_STAMP } from '@/lib/news/load-class';
import type { ItemWord } from '@/lib/sensitive/levels';
import { currentWordList } from '@/lib/sensitive/word-list';
import type { HomeSensitive } from './home-types';

/** A category's items holding listed words are counted up to this many (「1000+」 past it). */
export const SENSITIVE_COUNT_CAP = 1000;
/** How many items holding listed words the 首页 lists, newest recorded first. */
export const SENSITIVE_ITEMS = 10;

type StateRow = { id: number; total: number; is_checked: boolean; items: number };
type ItemRow = { news_id: number; class_id: number; title: string; words: ItemWord[]; recorded_at: Date };

/**
 * The 敏感词 part of get_home_overview for the categories `ids` (already within the caller's
 * rights), read from what the writes and 敏感词检查 recorded (lib/sensitive/item-hits.ts) — no
 * text is read. A category with items is `stale` unless all of them were checked with the lists
 * as they are now and the category's fields as they are now (news_class_sensitive); its count is
 * then not given. Cost: per category, one key lookup and an index range of at most
 * SENSITIVE_COUNT_CAP + 1 entries; then the newest SENSITIVE_ITEMS of each fresh category, merged.
 */
export const findHomeSensitive = async ({ ids }: { ids: number[] }): Promise<HomeSensitive> => {
  const list = await currentWordList();
  if (!list.matcher || ids.length === 0) return { has_words: list.matcher !== null, classes: [], items: [] };
  const sql = await getSql();
  const states = await sql.query<StateRow>(Prisma.sql`
    SELECT c.id, COALESCE(st.total, 0) AS total,
      (s.checked_version = ${list.version}::bigint AND s.checked_stamp = ${CLASS_STAMP}) IS TRUE AS is_checked,
      (SELECT count(*)::int FROM (
        SELECT 1 FROM news_sensitive_hit h WHERE h.class_id = c.id LIMIT ${SENSITIVE_COUNT_CAP + 1}) h) AS items
    FROM news_class c
    LEFT JOIN news_class_sensitive s ON s.class_id = c.id
    LEFT JOIN news_class_stat st ON st.class_id = c.id
    WHERE c.id = ANY(${ids}::int[])`);
  const stateOf = new Map(states.map((row) => [row.id, row]));
  const classes = ids.flatMap((id) => {
    const state = stateOf.get(id);
    if (!state) return [];
    const isStale = !state.is_checked && state.total > 0;
    if (!isStale && state.items === 0) return [];
    return [
      {
        class_id: id,
        items: isStale ? 0 : Math.min(state.items, SENSITIVE_COUNT_CAP),
        capped: !isStale && state.items > SENSITIVE_COUNT_CAP,
        stale: isStale,
      },
    ];
  });
  const fresh = classes.filter((entry) => !entry.stale).map((entry) => entry.class_id);
  if (fresh.length === 0) return { has_words: true, classes, items: [] };
  const items = await sql.query<ItemRow>(Prisma.sql`
    SELECT h.news_id, h.class_id, n.title, h.words, h.recorded_at
    FROM (
      SELECT h.* FROM unnest(${fresh}::int[]) AS c(id)
      CROSS JOIN LATERAL (
        SELECT * FROM news_sensitive_hit h WHERE h.class_id = c.id
        ORDER BY h.recorded_at DESC, h.news_id DESC LIMIT ${SENSITIVE_ITEMS}) h
      ORDER BY h.recorded_at DESC, h.news_id DESC LIMIT ${SENSITIVE_ITEMS}) h
    JOIN news n ON n.id = h.news_id
    ORDER BY h.recorded_at DESC, h.news_id DESC`);
  return {
    has_words: true,
    classes,
    items: items.map((row) => ({
      news_id: row.news_id,
      class_id: row.class_id,
      title: row.title,
      words: row.words,
      time: Math.floor(row.recorded_at.getTime() / 1000),
    })),
  };
};
