import type { FieldDefinition } from '@/lib/fields/definition';

/** List query values by parameter name: 'key', or 'key_start' / 'key_end' for a range. */
export type SearchValues = Readonly<Record<string, string>>;

export type SearchInputProps = {
  field: FieldDefinition;
  value: SearchValues;
  /** Only the parameters this input sets; '' clears one. */
  onChange: (patch: SearchValues) => void;
};

export const rangeKeys = ({ field }: { field: FieldDefinition }) => ({
  start: `${field.key}_start`,
  end: `${field.key}_end`,
});
