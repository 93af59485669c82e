import type { BaseSet, BaseSetKey } from '@/lib/categories/schemas';
import type { FieldDefinition } from '@/lib/fields/definition';
import type { FieldType } from '@/lib/fields/field-types';
import { parseRecord } from '@/lib/fields/parse-record';
import { toSeconds } from '@/lib/fields/types/time';

/**
 * The item's own columns (title, short_title, intro, content, new_time) as field definitions, one
 * set for both sides: the server's save (save-base.ts, schemas.ts) checks them and the browser's
 * form (components/news/base-fields.ts) shows and checks them with the registry's widgets. No
 * server-only import here: the browser bundles this module.
 */

/** The longest title and short title, in characters (code points). */
export const BASE_TEXT_MAX = 500;

const BASE_TYPES: Record<BaseSetKey, { type: FieldType; max: number | null; ismust: boolean }> = {
  title: { type: 'string', max: BASE_TEXT_MAX, ismust: true },
  short_title: { type: 'string', max: BASE_TEXT_MAX, ismust: false },
  intro: { type: 'mult_string', max: null, ismust: false },
  content: { type: 'html_editor', max: null, ismust: false },
};

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

/** A base column under the category's name for it (the title is 标题 when the name is blank). */
export const baseField = ({ baseSet, key }: { baseSet: BaseSet; key: BaseSetKey }) =>
  pseudoField({
    key,
    title: key === 'title' ? baseSet.title.name || '标题' : baseSet[key].name,
    ...BASE_TYPES[key],
  });

export const NEW_TIME_FIELD = pseudoField({
  key: 'new_time',
  title: '发布时间',
  type: 'datetime',
  ismust: true,
  style: '50%',
});

/** The title of a save, trimmed, checked by the title's definition ({@link baseField}). */
export const readTitle = ({ baseSet, raw }: { baseSet: BaseSet; raw: unknown }) => {
  const title = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  const checked = parseRecord({
    fields: [baseField({ baseSet, key: 'title' })],
    raw: { title },
    ctx: {},
    isCreate: false,
  });
  return checked.ok ? { ok: true as const, title } : checked;
};

/**
 * The publish time of a save in seconds: undefined when none was sent (a create takes now, an
 * update keeps the stored one), null when it is not a time.
 */
export const readNewTime = ({ raw }: { raw: unknown }) =>
  raw === undefined || raw === null || raw === '' ? undefined : toSeconds(raw);
