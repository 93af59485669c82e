import type { FieldDefinition } from './definition';
import { fieldTypeOf } from './registry';
import type { ParseContext, StoredValue } from './type-definition';

export const isEmptyValue = (raw: unknown) =>
  raw === undefined ||
  raw === null ||
  (typeof raw === 'string' && raw.trim() === '') ||
  (Array.isArray(raw) && raw.length === 0);

export type ParseRecordResult =
  { ok: true; values: Record<string, StoredValue> } | { ok: false; message: string; key: string };

/**
 * Validates and normalises the values of one record (an item, a single page, a group row) against
 * its field definitions. Server-assigned fields are left out: the service sets them.
 * Keys without a definition are dropped.
 */
export const parseRecord = ({
  fields,
  raw,
  ctx,
  isCreate,
}: {
  fields: FieldDefinition[];
  raw: Record<string, unknown>;
  ctx: ParseContext;
  isCreate: boolean;
}): ParseRecordResult => {
  const values: Record<string, StoredValue> = {};
  const now = ctx.now ?? new Date();
  for (const field of fields) {
    const type = fieldTypeOf(field.type);
    if (type.isServerAssigned) continue;
    const input = raw[field.key];
    if (isEmptyValue(input)) {
      if (isCreate && type.defaultValue) {
        values[field.key] = type.defaultValue({ field, now });
      } else if (field.ismust) {
        return { ok: false, message: `请填写${field.title}`, key: field.key };
      } else {
        values[field.key] = null;
      }
      continue;
    }
    const result = type.parse({ raw: input, field, ctx });
    if (!result.ok) return { ok: false, message: result.message, key: field.key };
    values[field.key] = result.value;
  }
  return { ok: true, values };
};
