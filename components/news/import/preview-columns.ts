import type { BaseSetKey } from '@/lib/categories/class-types';
import type { ContentFields } from '@/lib/categories/content-fields';
import type { ImportAnswer } from '@/lib/client/api/news-import';
import type { FieldDefinition } from '@/lib/fields/definition';
import type { StoredValue } from '@/lib/fields/type-definition';
import { valueText } from '@/lib/fields/value-text';
import { baseField, NEW_TIME_FIELD } from '@/lib/news/base-columns';

// The columns of 预检's preview (ImportPreviewTable.tsx): the mapped targets of import_news's answer
// in the file's column order, each under the target's title with how a preview row's value reads —
// as the list and the export show it (the registry's valueText: an option's label, a time as text,
// rich text as plain text).

const BASE_KEYS = new Set<string>(['title', 'short_title', 'intro', 'content']);

export type PreviewRow = ImportAnswer['preview'][number];
export type PreviewColumn = { key: string; title: string; text: (row: PreviewRow) => string };

/** The mapped targets in the file's column order, each with how its preview value reads. */
export const previewColumns = (answer: ImportAnswer, fields: ContentFields): PreviewColumn[] => {
  const fieldOf = (key: string): FieldDefinition | null =>
    BASE_KEYS.has(key)
      ? baseField({ baseSet: fields.base_set, key: key as BaseSetKey })
      : key === NEW_TIME_FIELD.key
        ? NEW_TIME_FIELD
        : (fields.list.find((field) => field.key === key) ?? null);
  const seen = new Set<string>();
  return answer.columns.flatMap((column) => {
    const key = column.field;
    const target = answer.targets.find((entry) => entry.key === key);
    if (!key || !target || seen.has(key)) return [];
    seen.add(key);
    if (key === 'id')
      return [{ key, title: target.title, text: (row) => (row.id === null ? '' : String(row.id)) }];
    if (key === 'is_lock') return [{ key, title: target.title, text: (row) => (row.is_lock ? '是' : '否') }];
    const field = fieldOf(key);
    return [
      {
        key,
        title: target.title,
        text: (row) => {
          const value = row[key] as StoredValue | undefined;
          if (field) return valueText({ field, value });
          return value === null || value === undefined ? '' : String(value);
        },
      },
    ];
  });
};
