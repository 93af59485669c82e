'use client';

import type { FieldCellProps } from './field-props';
import { FIELD_CELLS } from './cells';

/** A stored value in a list table, drawn by its type's cell. */
export function FieldCell({ field, value }: FieldCellProps) {
  const Cell = FIELD_CELLS[field.type];
  return <Cell field={field} value={value} />;
}
