import type { FieldDefinition } from './definition';
import { fieldTypeOf } from './registry';
import type { StoredValue } from './type-definition';

/** A stored value as plain text (exports, summaries), through its type's toText. */
export const valueText = ({
  field,
  value,
}: {
  field: FieldDefinition;
  value: StoredValue | undefined;
}): string => {
  if (value === null || value === undefined) return '';
  const toText = fieldTypeOf(field.type).toText;
  if (toText) return toText({ value, field });
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};
