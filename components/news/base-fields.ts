import type { BaseSet, BaseSetKey } from '@/lib/categories/schemas';
import type { FieldDefinition } from '@/lib/fields/definition';
import type { FieldType } from '@/lib/fields/field-types';

/** The item's own columns, as field definitions, so the registry's widgets, cells and checks serve them too. */
const pseudoField = ({
  key,
  title,
  type,
  ismust = false,
  max = null,
  style = '',
}: {
  key: string;
  title: string;
  type: FieldType;
  ismust?: boolean;
  max?: number | null;
  style?: string;
}): FieldDefinition => ({
  key,
  title,
  type,
  ismust,
  max,
  style,
  showlist: false,
  search: true,
  options: [],
  limit: null,
  is_self_write: false,
  child_info: [],
  url: '',
});

// The server's own limits (lib/news/save-news.ts, schemas.ts).
const TEXT_MAX = 500;

const BASE_TYPES: Record<BaseSetKey, { type: FieldType; max: number | null }> = {
  title: { type: 'string', max: TEXT_MAX },
  short_title: { type: 'string', max: TEXT_MAX },
  intro: { type: 'mult_string', max: null },
  content: { type: 'html_editor', max: null },
};

/** A base column (title, short_title, intro, content) under the category's name for it. */
export const baseField = ({ baseSet, key }: { baseSet: BaseSet; key: BaseSetKey }) =>
  pseudoField({
    key,
    title: baseSet[key].name,
    type: BASE_TYPES[key].type,
    max: BASE_TYPES[key].max,
    ismust: key === 'title',
  });

export const NEW_TIME_FIELD = pseudoField({
  key: 'new_time',
  title: '发布时间',
  type: 'datetime',
  ismust: true,
  style: '50%',
});

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
