import 'server-only';
import { getSql } from '@/lib/db/client';
import type { FieldDefinition } from '@/lib/fields/definition';
import { fieldTypeOf } from '@/lib/fields/registry';
import { htmlToText } from '@/lib/fields/types/rich';
import type { StoredValue } from '@/lib/fields/type-definition';
import { valueText } from '@/lib/fields/value-text';
import { Prisma } from '@/lib/generated/prisma/client';
import dayjs from 'dayjs';
import type { ListClass } from '../load-class';
import { cellText, convertCell, type CellValue } from './convert-cell';
import type { Existing } from './plan';
import type { ImportTarget } from './targets';

// The items an import's rows update (import_news `key`, plan-rows.ts): a row's key value, the items
// it finds, and whether a cell says what the item already holds.

const EXISTING_COLUMNS = Prisma.raw(
  'n.id, n.class_id, n.is_lock, n.fields, n.xmin::text AS row_version, n.title, n.short_title, n.intro, n.content, n.hr_type, n.process, n.new_time',
);

/** A stored value as the item export writes it: an unchanged exported cell reads back as this. */
export const exportedText = (target: ImportTarget, existing: Existing): string => {
  switch (target.kind) {
    case 'id':
      return String(existing.id);
    case 'lock':
      return existing.is_lock ? '是' : '否';
    case 'base':
      if (target.key === 'content') return htmlToText(existing.content);
      if (target.key === 'new_time') return dayjs(existing.new_time).format('YYYY-MM-DD HH:mm');
      return String(existing[target.key] ?? '');
    case 'field':
      return valueText({
        field: target.field,
        value: ((existing.fields ?? {}) as Record<string, StoredValue>)[target.key] ?? null,
      });
  }
};

export const sameStored = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The key's value of a row, as the stored value it would match (text), or an error message. */
export const keyValueOf = (
  target: ImportTarget,
  cell: CellValue,
): { text: string | null } | { message: string } => {
  const text = cellText(cell).trim();
  if (!text) return { text: null };
  if (target.kind === 'id')
    return /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647
      ? { text: String(Number(text)) }
      : { message: 'ID 必须是正整数' };
  if (target.kind === 'base') return { text };
  const field = target.field as FieldDefinition;
  const converted = convertCell(field, cell);
  if (!converted.ok) return { message: converted.message };
  const parsed = fieldTypeOf(field.type).parse({ raw: converted.value, field, ctx: {} });
  return parsed.ok ? { text: String(parsed.value) } : { message: parsed.message };
};

/** The key's value of a stored item, as keyValueOf answers it for the row that finds it. */
const keyTextOf = (target: ImportTarget, item: Existing) =>
  target.kind === 'id'
    ? String(item.id)
    : target.kind === 'base'
      ? String(item[target.key as 'title'])
      : String(((item.fields ?? {}) as Record<string, unknown>)[target.key]);

/** The items of the category (any, for the ID) whose key is one of `texts`, by that key. */
export const findExisting = async ({
  category,
  keyTarget,
  texts,
}: {
  category: ListClass;
  keyTarget: ImportTarget;
  texts: string[];
}) => {
  const byKey = new Map<string, Existing[]>();
  if (texts.length === 0) return byKey;
  const sql = await getSql();
  let found: Existing[];
  if (keyTarget.kind === 'id')
    found = await sql.query<Existing>(Prisma.sql`SELECT ${EXISTING_COLUMNS} FROM news n
      WHERE n.id = ANY(${texts.map(Number)}::int[])`);
  else {
    const column =
      keyTarget.kind === 'base'
        ? Prisma.raw(`n.${keyTarget.key}`)
        : Prisma.sql`(n.fields ->> ${keyTarget.key}::text)`;
    found = await sql.query<Existing>(Prisma.sql`SELECT ${EXISTING_COLUMNS} FROM news n
      WHERE n.class_id = ${category.id} AND ${column} = ANY(${texts}::text[])`);
  }
  for (const item of found) {
    const text = keyTextOf(keyTarget, item);
    byKey.set(text, [...(byKey.get(text) ?? []), item]);
  }
  return byKey;
};
