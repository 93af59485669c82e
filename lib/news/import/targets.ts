import type { BaseSet } from '@/lib/categories/class-types';
import type { ContentFields } from '@/lib/categories/content-fields';
import type { FieldDefinition } from '@/lib/fields/definition';
import { fieldTypeOf } from '@/lib/fields/registry';
import { baseField, NEW_TIME_FIELD } from '../base-columns';

/**
 * What a column of an import file can be mapped to (a "target"): the item's id (only to find the
 * item a row updates), its base columns as the category names them, the publish time, the lock,
 * and the category's dynamic fields except the server-assigned ones (自动编号, 最后修改).
 */
export type ImportTarget =
  | { kind: 'id'; key: 'id'; title: string; field: null }
  | { kind: 'lock'; key: 'is_lock'; title: string; field: null }
  | {
      kind: 'base';
      key: 'title' | 'short_title' | 'intro' | 'content' | 'new_time';
      title: string;
      field: FieldDefinition;
    }
  | { kind: 'field'; key: string; title: string; field: FieldDefinition };

export const ID_TITLE = 'ID';
export const LOCK_TITLE = '锁定';

const shownBase = (baseSet: BaseSet) =>
  (['title', 'short_title', 'intro', 'content'] as const).filter(
    (key) => key === 'title' || baseSet[key].isshow,
  );

export const importTargets = (schema: ContentFields): ImportTarget[] => [
  { kind: 'id', key: 'id', title: ID_TITLE, field: null },
  ...shownBase(schema.base_set).map((key) => {
    const field = baseField({ baseSet: schema.base_set, key });
    return { kind: 'base' as const, key, title: field.title, field };
  }),
  { kind: 'base', key: 'new_time', title: NEW_TIME_FIELD.title, field: NEW_TIME_FIELD },
  { kind: 'lock', key: 'is_lock', title: LOCK_TITLE, field: null },
  ...schema.list
    .filter((field) => !fieldTypeOf(field.type).isServerAssigned)
    .map((field) => ({ kind: 'field' as const, key: field.key, title: field.title, field })),
];
