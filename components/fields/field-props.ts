import type { FieldDefinition } from '@/lib/fields/definition';
import type { ValueUpdate } from './form/record-values';

export type FieldWidgetProps = {
  field: FieldDefinition;
  /** Where the value lives: 'key', or 'group.<row>.key' in a child_info row. Also the base of DOM ids. */
  path: string;
  /** The raw form value: stored form, or what the user is typing (numbers as text). */
  value: unknown;
  onChange: (update: ValueUpdate) => void;
  error?: string;
  isDisabled?: boolean;
};

export type FieldCellProps = { field: FieldDefinition; value: unknown };

/** A DOM id for a path ('staff.0.name' → 'field-staff-0-name'). */
export const fieldId = ({ path }: { path: string }) => `field-${path.replace(/\./g, '-')}`;
