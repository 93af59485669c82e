import 'server-only';
import type { FieldDefinition } from '@/lib/fields/definition';
import { parseRecord } from '@/lib/fields/parse-record';
import { fieldTypeOf } from '@/lib/fields/registry';
import { isEmptyValue } from '@/lib/fields/parse-record';
import type { StoredValue } from '@/lib/fields/type-definition';
import { sanitizeRichText } from '@/lib/fields/sanitize-html';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import type { Prisma } from '@/lib/generated/prisma/client';

type Tx = Prisma.TransactionClient;

const typeSignature = (field: FieldDefinition): string =>
  field.type +
  (field.child_info.length
    ? `(${field.child_info.map((child) => `${child.key}:${child.type}`).join(',')})`
    : '');

/** Fields kept under the same key whose type (or, for a group, whose children's types) changed. */
export const findRetypedFields = ({
  before,
  after,
}: {
  before: FieldDefinition[];
  after: FieldDefinition[];
}) => {
  const old = new Map(before.map((field) => [field.key, field]));
  return after.filter((field) => {
    const previous = old.get(field.key);
    return previous !== undefined && typeSignature(previous) !== typeSignature(field);
  });
};

/** The stored value under the new definition, or the reason it cannot be represented. */
const convert = (
  field: FieldDefinition,
  value: unknown,
): { ok: true; value: StoredValue } | { ok: false } => {
  if (isEmptyValue(value)) return { ok: true, value: null };
  const relaxed = { ...field, ismust: false };
  if (fieldTypeOf(field.type).isServerAssigned) {
    const result = fieldTypeOf(field.type).parse({ raw: value, field: relaxed, ctx: {} });
    return result.ok ? result : { ok: false };
  }
  const result = parseRecord({
    fields: [relaxed],
    raw: { [field.key]: value },
    ctx: { sanitizeHtml: sanitizeRichText },
    isCreate: false,
  });
  return result.ok ? { ok: true, value: result.values[field.key] } : { ok: false };
};

const preview = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
};

const refuse = (field: FieldDefinition, previousType: string, count: number, examples: unknown[]) =>
  new AppError({
    code: ErrorCode.badRequest,
    message:
      `字段「${field.title}」不能由「${fieldTypeOf(previousType as FieldDefinition['type']).label}」改为「${fieldTypeOf(field.type).label}」：` +
      `有 ${count} 条已保存的值无法转换（例如：${examples.map(preview).join('、')}）。请先修改这些数据，或新建一个字段。`,
  });

const BATCH = 1000;

/**
 * Checks every stored item value of the retyped list fields and converts the ones that can be
 * represented; refuses the whole change (nothing written) if any cannot.
 */
export const convertItemValues = async ({
  tx,
  classId,
  retyped,
  before,
}: {
  tx: Tx;
  classId: number;
  retyped: FieldDefinition[];
  before: FieldDefinition[];
}) => {
  for (const field of retyped) {
    const previousType = before.find((old) => old.key === field.key)?.type ?? field.type;
    const updates: { id: number; value: StoredValue }[] = [];
    const failures: unknown[] = [];
    let failureCount = 0;
    let lastId = 0;
    for (;;) {
      const rows = await tx.$queryRaw<{ id: number; value: unknown }[]>`
        SELECT id, fields -> ${field.key} AS value FROM news
        WHERE class_id = ${classId} AND id > ${lastId} AND fields ? ${field.key}
        ORDER BY id LIMIT ${BATCH}`;
      if (rows.length === 0) break;
      lastId = rows[rows.length - 1].id;
      for (const row of rows) {
        const result = convert(field, row.value);
        if (!result.ok) {
          failureCount += 1;
          if (failures.length < 3) failures.push(row.value);
        } else if (JSON.stringify(result.value) !== JSON.stringify(row.value)) {
          updates.push({ id: row.id, value: result.value });
        }
      }
    }
    if (failureCount > 0) throw refuse(field, previousType, failureCount, failures);
    // One statement per BATCH rows: a category of 200,000 items is 200 statements, not 200,000.
    for (let start = 0; start < updates.length; start += BATCH) {
      const batch = updates.slice(start, start + BATCH);
      await tx.$executeRaw`
        UPDATE news AS n SET fields = jsonb_set(n.fields, ARRAY[${field.key}]::text[], u.value::jsonb)
        FROM (SELECT unnest(${batch.map((update) => update.id)}::int[]) AS id,
                     unnest(${batch.map((update) => JSON.stringify(update.value))}::text[]) AS value) AS u
        WHERE n.id = u.id`;
    }
  }
};

/** The same check for a single page's saved values (class_fields); returns the converted values. */
export const convertClassFields = ({
  values,
  retyped,
  before,
}: {
  values: Record<string, unknown>;
  retyped: FieldDefinition[];
  before: FieldDefinition[];
}) => {
  const next: Record<string, unknown> = { ...values };
  for (const field of retyped) {
    if (!(field.key in values)) continue;
    const result = convert(field, values[field.key]);
    if (!result.ok)
      throw refuse(field, before.find((old) => old.key === field.key)?.type ?? field.type, 1, [
        values[field.key],
      ]);
    next[field.key] = result.value;
  }
  return next;
};
