import type { FieldDefinition, FieldOption } from '@/lib/fields/definition';

/** A form value shown in a text box: numbers as digits, nothing for null. */
export const asText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : '';

/** Options are matched as text: a stored '1' and an option value 1 are the same choice. */
export const findOption = ({
  field,
  value,
}: {
  field: FieldDefinition;
  value: unknown;
}): FieldOption | undefined => field.options.find((option) => String(option.value) === String(value));

export const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];

export const asRows = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.map((row) =>
        row !== null && typeof row === 'object' && !Array.isArray(row)
          ? (row as Record<string, unknown>)
          : {},
      )
    : [];
