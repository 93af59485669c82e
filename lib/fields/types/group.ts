import { parseRecord } from '../parse-record';
import { valueText } from '../value-text';
import { fail, ok, type FieldTypeDefinition, type StoredValue, PLAIN_TRAITS } from '../type-definition';

const MAX_ROWS = 200;

/** A repeatable group: a list of rows, each validated against the nested definitions. */
export const childInfoField: FieldTypeDefinition<'child_info'> = {
  type: 'child_info',
  label: '子表单（可重复）',
  ...PLAIN_TRAITS,
  isGroup: true,
  maxMeaning: 'count',
  parse: ({ raw, field, ctx }) => {
    if (!Array.isArray(raw)) return fail(`${field.title}的格式不正确`);
    const limit = field.max || MAX_ROWS;
    if (raw.length > limit) return fail(`${field.title}最多只能有 ${limit} 行`);
    const rows: StoredValue[] = [];
    for (const [index, row] of raw.entries()) {
      if (!row || typeof row !== 'object' || Array.isArray(row))
        return fail(`${field.title}第 ${index + 1} 行的格式不正确`);
      const result = parseRecord({
        fields: field.child_info,
        raw: row as Record<string, unknown>,
        ctx,
        isCreate: true,
      });
      if (!result.ok) return fail(`${field.title}第 ${index + 1} 行：${result.message}`);
      rows.push(result.values);
    }
    return ok(rows);
  },
  toText: ({ value, field }) =>
    Array.isArray(value)
      ? value
          .map((row) =>
            field.child_info
              .map((child) =>
                valueText({ field: child, value: (row as Record<string, StoredValue>)[child.key] ?? null }),
              )
              .join(' '),
          )
          .join('；')
      : '',
};
