import 'server-only';
import { getDb } from '@/lib/db/client';
import type { FieldDefinition } from '@/lib/fields/definition';
import { findNewsOne, presentNewsItem } from '@/lib/news/find-news-one';
import { loadListClass, type ListClass } from '@/lib/news/load-class';
import { liveItemClassId } from './find-revisions';
import { loadRevision } from './load-revision';
import { richTextOf, textDiff, type TextDiffOp } from './text-diff';

/** One field that differs between two states of an item. */
export type FieldDifference = {
  key: string;
  title: string;
  before: unknown;
  after: unknown;
  /** Rich text only: the change of its text (not its markup), by words. */
  diff?: TextDiffOp[];
};

/** The keys compared, in the form's order, with their titles: base columns, then the schema's fields. */
const comparedKeys = (category: ListClass) => {
  const base = category.schema.base_set;
  return [
    { key: 'title', title: base.title.name, isRich: false },
    { key: 'short_title', title: base.short_title.name, isRich: false },
    { key: 'intro', title: base.intro.name, isRich: false },
    { key: 'content', title: base.content.name, isRich: true },
    { key: 'new_time', title: '发布时间', isRich: false },
    { key: 'hr_type', title: '类型标记', isRich: false },
    { key: 'is_lock', title: '锁定', isRich: false },
    { key: 'process', title: '流程', isRich: false },
    { key: 'class_id', title: '栏目', isRich: false },
    ...schemaKeys(category.schema.list),
  ];
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The keys of `keys` whose values differ between two states, with rich text diffed on its text. */
export const fieldDifferences = ({
  keys,
  before,
  after,
}: {
  keys: { key: string; title: string; isRich: boolean }[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}): FieldDifference[] =>
  keys
    .filter(({ key }) => !same(before[key], after[key]))
    .map(({ key, title, isRich }) => {
      const difference: FieldDifference = {
        key,
        title,
        before: before[key] ?? null,
        after: after[key] ?? null,
      };
      if (isRich)
        difference.diff = textDiff(
          richTextOf(String(before[key] ?? '')),
          richTextOf(String(after[key] ?? '')),
        );
      return difference;
    });

/** The dynamic fields of a schema as compared keys. */
export const schemaKeys = (fields: FieldDefinition[]) =>
  fields.map((field) => ({
    key: field.key,
    title: field.title || field.key,
    isRich: field.type === 'html_editor',
  }));

/**
 * diff_news_revisions: what differs from revision `from` to revision `to` (or the item as it is
 * now), field by field, titled from the schema of the item's category now.
 */
export const diffRevisions = async ({ id, from, to }: { id: number; from: number; to?: number }) => {
  const category = await loadListClass({ classId: await liveItemClassId(id) });
  const db = await getDb();
  const before = presentNewsItem({ category, row: (await loadRevision(db, { newsId: id, rev: from })).row });
  const after =
    to === undefined
      ? await findNewsOne({ id })
      : presentNewsItem({ category, row: (await loadRevision(db, { newsId: id, rev: to })).row });
  return fieldDifferences({ keys: comparedKeys(category), before, after });
};
