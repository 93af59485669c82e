import type { ClassInfo } from '@/lib/categories/to-api';
import type { FieldDefinition } from '@/lib/fields/definition';
import type { StoredValue } from '@/lib/fields/type-definition';
import { valueText } from '@/lib/fields/value-text';
import { baseField, NEW_TIME_FIELD } from '@/lib/news/base-columns';
import { isPictureType } from './value-kinds';

// The item's own columns a revision may list as changed that no schema names (as diff_news_revisions titles them).
const COLUMN_TITLES: Record<string, string> = {
  is_lock: '锁定',
  process: '流程',
  class_id: '栏目',
  hr_type: '类型标记',
  old_class: '原栏目',
};

const BASE_KEYS = new Set(['title', 'short_title', 'intro', 'content']);

/** The definition a key of an item has in the category's schema (base columns as pseudo fields). */
export const revisionFieldOf = ({ info, key }: { info: ClassInfo; key: string }): FieldDefinition | null => {
  const { base_set: baseSet, list } = info.content_fileds;
  if (BASE_KEYS.has(key)) return baseField({ baseSet, key: key as keyof typeof baseSet });
  if (key === 'new_time') return NEW_TIME_FIELD;
  return list.find((field) => field.key === key) ?? null;
};

/** A changed key as the person knows it: the field's title, else the column's name, else the key. */
export const fieldTitleOf = ({ info, key }: { info: ClassInfo; key: string }) =>
  revisionFieldOf({ info, key })?.title || COLUMN_TITLES[key] || key;

/** How a field's two states are compared on screen. */
export type DiffKind = 'rich' | 'rows' | 'pictures' | 'plain';

export const diffKindOf = ({
  field,
  hasTextDiff,
}: {
  field: FieldDefinition | null;
  hasTextDiff: boolean;
}) => {
  if (hasTextDiff) return 'rich' as const;
  if (field?.type === 'child_info') return 'rows' as const;
  if (field && isPictureType(field.type)) return 'pictures' as const;
  return 'plain' as const;
};

/** A value as text for the comparison: through its field type, or the column's meaning, '' when empty. */
export const valueLabel = ({
  info,
  key,
  field,
  value,
}: {
  info: ClassInfo;
  key: string;
  field: FieldDefinition | null;
  value: unknown;
}): string => {
  if (value === null || value === undefined) return '';
  if (field) return valueText({ field, value: value as StoredValue });
  if (key === 'is_lock') return Number(value) === 1 ? '已锁定' : '未锁定';
  if (key === 'process') {
    if (Number(value) === 0) return '未开始';
    return info.content_fileds.process.find((step) => step.value === Number(value))?.title ?? String(value);
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};
