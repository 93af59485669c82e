import type { ClassInfo } from '@/lib/categories/to-api';
import type { FieldDefinition } from '@/lib/fields/definition';
import type { StoredValue } from '@/lib/fields/type-definition';
import { valueText } from '@/lib/fields/value-text';
import { baseField, NEW_TIME_FIELD } from '@/lib/news/base-columns';
import { isPictureType } from './value-kinds';

// The item's own columns a revision may list as changed that no schema names (as
// diff_news_revisions titles them).
const COLUMN_TITLES: Record<string, string> = {
  is_lock: '锁定',
  process: '流程',
  class_id: '栏目',
  hr_type: '类型标记',
  old_class: '原栏目',
};

const BASE_KEYS = new Set(['title', 'short_title', 'intro', 'content']);

/** Whose history is shown: an item of a list category, or a single page (type 1, by its category id). */
export type RevisionSubject =
  { kind: 'news'; id: number; rowVersion?: string } | { kind: 'page'; id: number };

/** What the screens need of the category's schema to show a revision's keys and values. */
export type RevisionSchema = {
  fieldOf: (key: string) => FieldDefinition | null;
  /** A key as the person knows it: the field's title, else the column's name, else the key. */
  titleOf: (key: string) => string;
  /** A value as text: through its field type, or the column's meaning; '' when empty. */
  labelOf: (key: string, value: unknown) => string;
};

const itemFieldOf = ({ info, key }: { info: ClassInfo; key: string }): FieldDefinition | null => {
  const { base_set: baseSet, list } = info.content_fileds;
  if (BASE_KEYS.has(key)) return baseField({ baseSet, key: key as keyof typeof baseSet });
  if (key === 'new_time') return NEW_TIME_FIELD;
  return list.find((field) => field.key === key) ?? null;
};

const columnLabel = ({ info, key, value }: { info: ClassInfo; key: string; value: unknown }) => {
  if (key === 'is_lock') return Number(value) === 1 ? '已锁定' : '未锁定';
  if (key === 'process') {
    if (Number(value) === 0) return '未开始';
    return info.content_fileds.process.find((step) => step.value === Number(value))?.title ?? String(value);
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** The schema lookups for an item's revisions (base columns as pseudo fields) or a single page's. */
export const revisionSchema = ({ info, kind }: { info: ClassInfo; kind: RevisionSubject['kind'] }) => {
  const fieldOf = (key: string) =>
    kind === 'page'
      ? (info.content_fileds.class.find((field) => field.key === key) ?? null)
      : itemFieldOf({ info, key });
  const schema: RevisionSchema = {
    fieldOf,
    titleOf: (key) => fieldOf(key)?.title || COLUMN_TITLES[key] || key,
    labelOf: (key, value) => {
      if (value === null || value === undefined) return '';
      const field = fieldOf(key);
      return field ? valueText({ field, value: value as StoredValue }) : columnLabel({ info, key, value });
    },
  };
  return schema;
};

/** How a field's two states are compared on screen. */
export type DiffKind = 'rich' | 'rows' | 'pictures' | 'plain';

export const diffKindOf = ({
  field,
  hasTextDiff,
}: {
  field: FieldDefinition | null;
  hasTextDiff: boolean;
}): DiffKind => {
  if (hasTextDiff) return 'rich';
  if (field?.type === 'child_info') return 'rows';
  if (field && isPictureType(field.type)) return 'pictures';
  return 'plain';
};
