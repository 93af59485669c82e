import 'server-only';
import type { ClassRights } from '@/lib/auth/class-rights';
import { readContentFields, type ContentFields } from '@/lib/categories/content-fields';
import { CLASS_NOT_FOUND } from '@/lib/categories/find-class-one';
import { getSql } from '@/lib/db/client';
import { sanitizeRichText } from '@/lib/fields/sanitize-html';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { newsTargets } from './check-news';
import { recordTargets } from './check-targets';
import { findHits } from './check-text';
import { itemWordsOf, storedItemHits, type ItemTexts } from './item-hits';
import type { SensitiveHit } from './levels';
import { recordScanPage, type ScannedItem } from './scan-record';
import type { TScanSensitiveInput } from './schemas';
import { currentWordList } from './word-list';

const textOf = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * check_sensitive: the hits of the lists in a form as it would be saved (the input of
 * save_news_info, or of save_class_info for a single page: its category's fields), without
 * saving or validating it. Rich text is read as the save would clean it.
 */
export const checkSensitive = async (input: Record<string, unknown> & { class_id: number }) => {
  const sql = await getSql();
  const [category] = await sql.query<{ class_type: string; content_fields: unknown }>(
    Prisma.sql`SELECT class_type, content_fileds AS content_fields FROM news_class WHERE id = ${input.class_id}`,
  );
  if (!category) throw new AppError({ code: ErrorCode.notFound, message: CLASS_NOT_FOUND });
  const list = await currentWordList();
  if (!list.matcher) return { hits: [] as SensitiveHit[] };
  const schema = readContentFields(category.content_fields);
  const values = { ...input };
  const targets =
    category.class_type === '1'
      ? recordTargets({ fields: schema.class, values, sanitise: sanitizeRichText })
      : newsTargets({
          baseSet: schema.base_set,
          fields: schema.list,
          base: {
            title: textOf(input.title)?.trim() ?? '',
            shortTitle: textOf(input.short_title)?.trim(),
            intro: textOf(input.intro),
            content: textOf(input.content),
          },
          values,
          sanitise: sanitizeRichText,
        });
  return { hits: findHits(list, targets) };
};

type ScanRow = ItemTexts & { row_version: string };

export type ScanItem = { id: number; class_id: number; title: string; hits: SensitiveHit[] };

/**
 * scan_sensitive: existing items checked against the lists, in id order, `limit` items a call
 * (keyset: `after_id`, the last id the call before answered as `next_after_id`; null once the
 * scope is done). Answers the items with hits among those read (`data`), how many were read
 * (`scanned`) and how many items the scope has (`total`, for progress). The scope is the category
 * or, without one, every category the caller may use. Never holds more than one page of items.
 * What it finds is recorded for the 首页 (scan-record.ts): the words of each item read, and a run
 * through the whole scope marks its categories checked.
 */
export const scanSensitive = async ({
  input,
  rights,
}: {
  input: TScanSensitiveInput;
  rights: ClassRights;
}) => {
  const sql = await getSql();
  const scope = input.class_id
    ? Prisma.sql`class_id = ${input.class_id}`
    : rights
      ? Prisma.sql`class_id = ANY(${[...rights]}::int[])`
      : Prisma.sql`true`;
  const [{ total }] = await sql.query<{ total: string | null }>(
    Prisma.sql`SELECT COALESCE(sum(total), 0)::text AS total FROM news_class_stat WHERE ${scope}`,
  );
  const list = await currentWordList();
  const empty = {
    data: [] as ScanItem[],
    total: Number(total),
    scanned: 0,
    next_after_id: null as number | null,
  };
  if (!list.matcher) return empty;
  const rows = await sql.query<ScanRow>(Prisma.sql`
    SELECT id, class_id, title, short_title, intro, content, fields, xmin::text AS row_version FROM news
    WHERE ${scope} AND id > ${input.after_id ?? 0}
    ORDER BY id LIMIT ${input.limit}`);
  const schemas = new Map<number, ContentFields>();
  const missing = [...new Set(rows.map((row) => row.class_id))];
  if (missing.length > 0) {
    const categories = await sql.query<{ id: number; content_fields: unknown }>(
      Prisma.sql`SELECT id, content_fileds AS content_fields FROM news_class WHERE id = ANY(${missing}::int[])`,
    );
    for (const category of categories) schemas.set(category.id, readContentFields(category.content_fields));
  }
  const data: ScanItem[] = [];
  const read: ScannedItem[] = [];
  for (const row of rows) {
    const schema = schemas.get(row.class_id);
    if (!schema) continue;
    const hits = storedItemHits(list, schema, row);
    read.push({
      id: row.id,
      row_version: row.row_version,
      words: hits.length > 0 ? itemWordsOf(hits) : null,
    });
    if (hits.length > 0) data.push({ id: row.id, class_id: row.class_id, title: row.title, hits });
  }
  const nextAfterId = rows.length === input.limit ? rows[rows.length - 1].id : null;
  await recordScanPage({
    items: read,
    version: list.version,
    categories: input.class_id
      ? Prisma.sql`c.id = ${input.class_id}`
      : rights
        ? Prisma.sql`c.id = ANY(${[...rights]}::int[])`
        : Prisma.sql`true`,
    afterId: input.after_id ?? 0,
    lastId: nextAfterId,
  });
  return { data, total: Number(total), scanned: rows.length, next_after_id: nextAfterId };
};
