import 'server-only';
import { readContentFields, type ContentFields } from '@/lib/categories/content-fields';
import { Prisma } from '@/lib/generated/prisma/client';
import { CLASS_STAMP } from '@/lib/news/load-class';
import { newsTargets } from './check-news';
import type { CheckTarget } from './check-targets';
import { findHits, type ScreenResult } from './check-text';
import type { ItemWord, SensitiveHit, SensitiveLevel } from './levels';
import type { WordList } from './word-list';

// What the 首页 counts (migration 20261202000000_sensitive_hits): the listed words each item's texts
// hold now, in news_sensitive_hit, written with every write that checks an item. Nothing here reads
// texts for the 首页: a write records what its own check found.

/** Words kept per item (the 首页 shows a few; the item's 检测 lists every hit). */
export const ITEM_WORDS_MAX = 20;

const LEVEL_RANK: Record<SensitiveLevel, number> = { block: 0, warn: 1, replace: 2 };

/** Distinct words, block before warn before replace, then by word: the same set is the same JSON. */
export const itemWordsOf = (hits: readonly ItemWord[]): ItemWord[] => {
  const byWord = new Map<string, ItemWord>();
  for (const hit of hits)
    if (!byWord.has(hit.word)) byWord.set(hit.word, { word: hit.word, level: hit.level });
  return [...byWord.values()]
    .sort(
      (a, b) => LEVEL_RANK[a.level] - LEVEL_RANK[b.level] || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
    )
    .slice(0, ITEM_WORDS_MAX);
};

/**
 * The words a saved item holds: the warn words its check let through (confirmed; block words
 * refuse and replace words are replaced) and the hits of the texts the save kept unchecked from
 * the row (`kept`: a base column the call left out, fields an import did not map).
 */
export const savedItemWords = ({
  list,
  screened,
  kept,
}: {
  list: WordList;
  screened: ScreenResult | null;
  kept: readonly CheckTarget[];
}): ItemWord[] => {
  if (!list.matcher) return [];
  return itemWordsOf([
    ...(screened?.confirmed ?? []).map((word) => ({ word, level: 'warn' as const })),
    ...(kept.length > 0 ? findHits(list, kept) : []),
  ]);
};

/** An item's texts as news holds them. */
export type ItemTexts = {
  id: number;
  class_id: number;
  title: string;
  short_title: string;
  intro: string;
  content: string;
  fields: unknown;
};

/** Every hit of a stored item's texts under its category's fields (scan_sensitive, a recheck). */
export const storedItemHits = (list: WordList, schema: ContentFields, row: ItemTexts): SensitiveHit[] =>
  findHits(
    list,
    newsTargets({
      baseSet: schema.base_set,
      fields: schema.list,
      base: { title: row.title, shortTitle: row.short_title, intro: row.intro, content: row.content },
      values: (row.fields ?? {}) as Record<string, unknown>,
    }),
  );

/**
 * For the statement that creates or saves one item: the CTE (with its trailing comma) that records
 * the item's words, `from` being the written row (`RETURNING *`). No words: an update removes the
 * row it may have had; a creation writes nothing.
 */
export const hitWriteCtes = ({
  from,
  words,
  isNew,
}: {
  from: Prisma.Sql;
  words: ItemWord[];
  isNew: boolean;
}) => {
  if (words.length > 0)
    return Prisma.sql`hit_written AS (
    INSERT INTO news_sensitive_hit (news_id, class_id, words)
    SELECT s.id, s.class_id, ${JSON.stringify(words)}::jsonb FROM ${from} AS s
    ON CONFLICT (news_id) DO UPDATE SET class_id = EXCLUDED.class_id, words = EXCLUDED.words, recorded_at = EXCLUDED.recorded_at),`;
  if (isNew) return Prisma.empty;
  return Prisma.sql`hit_cleared AS (DELETE FROM news_sensitive_hit h WHERE h.news_id IN (SELECT s.id FROM ${from} AS s)),`;
};

/** A transaction (or the client itself, for one statement). */
type Writer = { $executeRaw: (query: Prisma.Sql) => Prisma.PrismaPromise<number> };

/**
 * Records the words of items written in `tx` (their category read from news as it is now): a row
 * for each with words, none for the others. Items no longer in news are left out.
 */
export const recordItemWords = async (tx: Writer, items: readonly { id: number; words: ItemWord[] }[]) => {
  if (items.length === 0) return;
  const records = items.map((item) => ({ id: item.id, words: item.words.length > 0 ? item.words : null }));
  await tx.$executeRaw(Prisma.sql`
    WITH x AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS x(id int, words jsonb)),
    cleared AS (DELETE FROM news_sensitive_hit h USING x WHERE h.news_id = x.id AND x.words IS NULL)
    INSERT INTO news_sensitive_hit (news_id, class_id, words)
    SELECT n.id, n.class_id, x.words FROM x JOIN news n ON n.id = x.id WHERE x.words IS NOT NULL ORDER BY n.id
    ON CONFLICT (news_id) DO UPDATE SET class_id = EXCLUDED.class_id, words = EXCLUDED.words,
      recorded_at = EXCLUDED.recorded_at`);
};

/**
 * Checks stored items again and records their words, in the transaction that has just written
 * them (a move: under the target's fields; a restore from the 回收站). `list` is read before it.
 */
export const recheckItems = async (
  tx: Prisma.TransactionClient,
  { list, ids }: { list: WordList; ids: readonly number[] },
) => {
  if (ids.length === 0) return;
  if (!list.matcher) {
    await recordItemWords(
      tx,
      ids.map((id) => ({ id, words: [] })),
    );
    return;
  }
  const rows = await tx.$queryRaw<(ItemTexts & { content_fields: unknown })[]>(Prisma.sql`
    SELECT n.id, n.class_id, n.title, n.short_title, n.intro, n.content, n.fields, c.content_fileds AS content_fields
    FROM news n JOIN news_class c ON c.id = n.class_id WHERE n.id = ANY(${[...ids]}::int[])`);
  const schemas = new Map<number, ContentFields>();
  const schemaOf = (row: (typeof rows)[number]) => {
    let schema = schemas.get(row.class_id);
    if (!schema) schemas.set(row.class_id, (schema = readContentFields(row.content_fields)));
    return schema;
  };
  await recordItemWords(
    tx,
    rows.map((row) => ({ id: row.id, words: itemWordsOf(storedItemHits(list, schemaOf(row), row)) })),
  );
};

/**
 * Before items are written into a category: when it holds none, every item it will hold has been
 * checked by its write with `version` of the lists, so it counts as checked at that version.
 */
export const markCheckedIfEmpty = (tx: Writer, { classId, version }: { classId: number; version: string }) =>
  tx.$executeRaw(Prisma.sql`
    INSERT INTO news_class_sensitive (class_id, checked_version, checked_stamp, checked_at)
    SELECT c.id, ${version}::bigint, ${CLASS_STAMP}, now() FROM news_class c
    WHERE c.id = ${classId} AND NOT EXISTS (SELECT 1 FROM news_class_stat s WHERE s.class_id = c.id AND s.total > 0)
    ON CONFLICT (class_id) DO UPDATE SET checked_version = EXCLUDED.checked_version,
      checked_stamp = EXCLUDED.checked_stamp, checked_at = EXCLUDED.checked_at`);

/** markCheckedIfEmpty as a CTE of a creation's statement (`cat`: the category with its stamp; `created`). */
export const checkedIfEmptyCte = (version: string) => Prisma.sql`
  hit_checked AS (
    INSERT INTO news_class_sensitive (class_id, checked_version, checked_stamp, checked_at)
    SELECT cat.id, ${version}::bigint, cat.stamp, now() FROM cat
    WHERE EXISTS (SELECT 1 FROM created)
      AND NOT EXISTS (SELECT 1 FROM news_class_stat s WHERE s.class_id = cat.id AND s.total > 0)
    ON CONFLICT (class_id) DO UPDATE SET checked_version = EXCLUDED.checked_version,
      checked_stamp = EXCLUDED.checked_stamp, checked_at = EXCLUDED.checked_at),`;
