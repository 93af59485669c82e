import type { BaseSet } from '@/lib/categories/schemas';
import { baseField, NEW_TIME_FIELD } from '@/lib/news/base-columns';

// The definitions of the item's own columns are shared with the server (lib/news/base-columns.ts);
// this file only arranges them for the search form and the 内容 dialog.

/** The base columns the list can be searched by, in order, as the category shows them. */
export const baseSearchFields = ({ baseSet }: { baseSet: BaseSet }) =>
  (['title', 'short_title', 'intro'] as const)
    .filter((key) => baseSet[key].isshow)
    .map((key) => baseField({ baseSet, key }));

/**
 * The 内容 dialog's own fields before the category's dynamic ones: title, short title next to the
 * publish time, intro. The title is always there: the server refuses an item without one.
 * Content comes last (a tall editor), see {@link contentFields}.
 */
export const formHeadFields = ({ baseSet }: { baseSet: BaseSet }) => [
  baseField({ baseSet, key: 'title' }),
  ...(baseSet.short_title.isshow ? [{ ...baseField({ baseSet, key: 'short_title' }), style: '50%' }] : []),
  NEW_TIME_FIELD,
  ...(baseSet.intro.isshow ? [baseField({ baseSet, key: 'intro' })] : []),
];

export const contentFields = ({ baseSet }: { baseSet: BaseSet }) =>
  baseSet.content.isshow ? [baseField({ baseSet, key: 'content' })] : [];
