import { CLASS_TYPE_LABELS, type ClassType } from '@/lib/categories/schemas';
import type { FieldDefinition } from '@/lib/fields/definition';
import { fieldTypeOf } from '@/lib/fields/registry';
import type { ClassDetail, ClassDraft, FieldDraft } from './category-types';

export type SchemaChange = { tone: 'info' | 'warning'; text: string };

const nameOf = (field: { title: string; key: string }) => field.title || field.key;
const labelOf = (field: { type: FieldDefinition['type'] }) => fieldTypeOf(field.type).label;
// The server compares a group by its children's types too (lib/categories/schema-change.ts).
const childTypes = (field: { child_info: readonly { key: string; type: string }[] }) =>
  field.child_info.map((child) => `${child.key}:${child.type}`).join(',');

const describeList = ({
  before,
  after,
  scope,
}: {
  before: FieldDefinition[];
  after: FieldDraft[];
  scope: string;
}): SchemaChange[] => {
  const changes: SchemaChange[] = [];
  const afterKeys = new Set(after.map((field) => field.key.trim()));
  const beforeByKey = new Map(before.map((field) => [field.key, field]));
  for (const old of before) {
    if (!afterKeys.has(old.key)) {
      changes.push({
        tone: 'warning',
        text: `${scope}「${nameOf(old)}」将被隐藏，已保存的数据会保留，重新添加相同标识即可恢复`,
      });
    }
  }
  for (const field of after) {
    const key = field.key.trim();
    const old = beforeByKey.get(key);
    if (!old) {
      if (key)
        changes.push({
          tone: 'info',
          text: `${scope}新增字段「${nameOf(field)}」（${key}）：作为新字段保存，改过标识的字段不会带走原标识下的数据`,
        });
      continue;
    }
    if (old.type !== field.type) {
      changes.push({
        tone: 'warning',
        text: `${scope}「${nameOf(field)}」的类型将由 ${labelOf(old)} 改为 ${labelOf(field)}：已保存的值会被检查，无法转换时将拒绝保存`,
      });
    } else if (childTypes(old) !== childTypes(field)) {
      changes.push({
        tone: 'warning',
        text: `${scope}「${nameOf(field)}」的子字段有变化：已保存的值会被检查，无法转换时将拒绝保存`,
      });
    }
  }
  return changes;
};

/** What saving will do to stored data, compared with the schema as loaded; nothing for a new category. */
export const describeSchemaChanges = ({
  loaded,
  draft,
}: {
  loaded: ClassDetail | null;
  draft: ClassDraft;
}): SchemaChange[] => {
  if (!loaded) return [];
  const changes: SchemaChange[] = [];
  if (loaded.class_type !== draft.class_type) {
    const from = CLASS_TYPE_LABELS[loaded.class_type as ClassType] ?? loaded.class_type;
    changes.push({
      tone: 'warning',
      text: `栏目类型将由「${from}」改为「${CLASS_TYPE_LABELS[draft.class_type]}」，页面将按新类型展示`,
    });
  }
  changes.push(...describeList({ before: loaded.content_fileds.list, after: draft.list, scope: '列表字段' }));
  changes.push(
    ...describeList({ before: loaded.content_fileds.class, after: draft.class, scope: '单页字段' }),
  );
  return changes;
};
