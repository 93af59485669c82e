import type { FieldDefinition } from '@/lib/fields/definition';
import { isEmptyValue } from '@/lib/fields/parse-record';
import { fieldTypeOf } from '@/lib/fields/registry';

/** The form's working values: raw widget values by key (child_info: an array of row records). */
export type RecordValues = Record<string, unknown>;

/** A value or a function of the previous one: uploads finishing together must not overwrite each other. */
export type ValueUpdate = unknown | ((previous: unknown) => unknown);

// A path is 'key', or 'group.<row>.key' inside a child_info row.
const segmentsOf = (path: string) => path.split('.');

export const getIn = ({ values, path }: { values: unknown; path: string }): unknown =>
  segmentsOf(path).reduce<unknown>(
    (node, segment) =>
      node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined,
    values,
  );

const setSegments = (node: unknown, [head, ...rest]: string[], update: ValueUpdate): unknown => {
  if (Array.isArray(node) || /^\d+$/.test(head)) {
    const list = Array.isArray(node) ? [...node] : [];
    const index = Number(head);
    list[index] = rest.length
      ? setSegments(list[index], rest, update)
      : typeof update === 'function'
        ? update(list[index])
        : update;
    return list;
  }
  const record = node !== null && typeof node === 'object' ? { ...(node as Record<string, unknown>) } : {};
  record[head] = rest.length
    ? setSegments(record[head], rest, update)
    : typeof update === 'function'
      ? update(record[head])
      : update;
  return record;
};

/** An immutable update of the value at `path`. */
export const setIn = ({
  values,
  path,
  update,
}: {
  values: RecordValues;
  path: string;
  update: ValueUpdate;
}): RecordValues => setSegments(values, segmentsOf(path), update) as RecordValues;

/**
 * The values a form starts from: the stored ones, and for a new record the registry's defaults
 * (date and datetime: now, datetime at 08:00:00) where nothing is stored, the same defaults the
 * server would apply.
 */
export const initialRecordValues = ({
  fields,
  initial,
  isCreate,
  now = new Date(),
}: {
  fields: readonly FieldDefinition[];
  initial?: Record<string, unknown>;
  isCreate: boolean;
  now?: Date;
}): RecordValues => {
  const values: RecordValues = {};
  for (const field of fields) {
    const stored = initial?.[field.key];
    const makeDefault = fieldTypeOf(field.type).defaultValue;
    values[field.key] =
      isEmptyValue(stored) && isCreate && makeDefault ? makeDefault({ field, now }) : (stored ?? null);
  }
  return values;
};

/** A new child_info row: its fields' defaults, as the server fills a new row. */
export const newGroupRow = ({ field }: { field: FieldDefinition }) =>
  initialRecordValues({ fields: field.child_info, isCreate: true });
