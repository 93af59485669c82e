import type { FieldDefinition } from '@/lib/fields/definition';
import { parseRecord } from '@/lib/fields/parse-record';
import { fieldTypeOf } from '@/lib/fields/registry';
import type { StoredValue } from '@/lib/fields/type-definition';
import type { RecordValues } from './record-values';

/** Error messages by path ('key' or 'group.<row>.key'). */
export type FieldErrors = Readonly<Record<string, string>>;

export type RecordCheck =
  { ok: true; values: Record<string, StoredValue> } | { ok: false; errors: FieldErrors };

/** Errors inside the rows of a group, each under the child widget it belongs to. */
const rowErrors = ({ field, rows }: { field: FieldDefinition; rows: unknown }) => {
  const errors: Record<string, string> = {};
  if (!Array.isArray(rows)) return errors;
  rows.forEach((row, index) => {
    const raw = row !== null && typeof row === 'object' ? (row as Record<string, unknown>) : {};
    for (const child of field.child_info) {
      const result = parseRecord({ fields: [child], raw, ctx: {}, isCreate: true });
      if (!result.ok) errors[`${field.key}.${index}.${child.key}`] = result.message;
    }
  });
  return errors;
};

/**
 * The form's validation is the server's: parseRecord from lib/fields, run field by field so every
 * invalid field shows its message at once (the server stops at the first), with the same text.
 * On success it answers the normalised values to send.
 */
export const validateRecord = ({
  fields,
  values,
  isCreate,
}: {
  fields: readonly FieldDefinition[];
  values: RecordValues;
  isCreate: boolean;
}): RecordCheck => {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const result = parseRecord({ fields: [field], raw: values, ctx: {}, isCreate });
    if (result.ok) continue;
    const inRows = fieldTypeOf(field.type).isGroup ? rowErrors({ field, rows: values[field.key] }) : {};
    if (Object.keys(inRows).length > 0) Object.assign(errors, inRows);
    else errors[field.key] = result.message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const whole = parseRecord({ fields: [...fields], raw: values, ctx: {}, isCreate });
  return whole.ok
    ? { ok: true, values: whole.values }
    : { ok: false, errors: { [whole.key]: whole.message } };
};
