import 'server-only';
import type { BaseSet } from '@/lib/categories/schemas';
import { BASE_TEXT_MAX } from '@/lib/news/base-columns';
import type { FieldDefinition } from '@/lib/fields/definition';
import { recordTargets, textTarget, type CheckTarget } from './check-targets';
import { screenTargets } from './check-text';
import type { WordList } from './word-list';

/** The base columns a check reads and may rewrite (lib/news/save-base.ts BaseValues). */
type BaseTexts = { title: string; shortTitle?: string; intro?: string; content?: string };

const baseTitle = (baseSet: BaseSet, key: keyof BaseSet, fallback: string) => baseSet[key]?.name || fallback;

/** The texts of an item's save: title, short_title, intro, the text of content, then its fields. */
export const newsTargets = <B extends BaseTexts>({
  baseSet,
  fields,
  base,
  values,
  sanitise,
}: {
  baseSet: BaseSet;
  fields: readonly FieldDefinition[];
  base: B;
  values: Record<string, unknown>;
  sanitise?: (html: string) => string;
}): CheckTarget[] => [
  ...textTarget({
    field: 'title',
    title: baseTitle(baseSet, 'title', '标题'),
    value: base.title,
    apply: (next) => (base.title = next),
    max: BASE_TEXT_MAX,
  }),
  ...textTarget({
    field: 'short_title',
    title: baseTitle(baseSet, 'short_title', '副标题'),
    value: base.shortTitle,
    apply: (next) => (base.shortTitle = next),
    max: BASE_TEXT_MAX,
  }),
  ...textTarget({
    field: 'intro',
    title: baseTitle(baseSet, 'intro', '简介'),
    value: base.intro,
    apply: (next) => (base.intro = next),
  }),
  ...textTarget({
    field: 'content',
    title: baseTitle(baseSet, 'content', '内容'),
    value: base.content && sanitise ? sanitise(base.content) : base.content,
    isRich: true,
    apply: (next) => (base.content = next),
  }),
  ...recordTargets({ fields, values, sanitise }),
];

/**
 * The check of an item's save (create-news.ts, update-news.ts). Refuses (40010 / 40011) or answers
 * the values to write, replaced: the base columns on a copy (a save that runs again after a lost
 * race reuses them), the field values in place (`values` are the ones buildStoredValues has just
 * made for this attempt; only fields of the schema are rewritten, never kept hidden values).
 */
export const screenNewsSave = <B extends BaseTexts, F extends Record<string, unknown>>({
  list,
  baseSet,
  fields: definitions,
  base,
  values,
  isConfirmed,
}: {
  list: WordList;
  baseSet: BaseSet;
  fields: readonly FieldDefinition[];
  base: B;
  values: F;
  isConfirmed: boolean;
}) => {
  if (!list.matcher) return { base, values, screened: null };
  const nextBase = { ...base };
  const screened = screenTargets({
    list,
    targets: newsTargets({ baseSet, fields: definitions, base: nextBase, values }),
    isConfirmed,
  });
  return { base: nextBase, values, screened };
};
