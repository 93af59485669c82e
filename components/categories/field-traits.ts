import type { FieldType } from '@/lib/fields/field-types';
import { FIELD_TYPES } from '@/lib/fields/field-types';
import { fieldTypeOf } from '@/lib/fields/registry';
import type { SearchKind } from '@/lib/fields/type-definition';
import type { FieldDraft } from './category-types';

/** How each search kind of the registry reads to an admin. */
export const SEARCH_KIND_HINTS: Record<SearchKind, string> = {
  substring: '按关键字模糊搜索',
  equal: '按所选值精确搜索',
  contains: '包含所选任一项即命中',
  range: '按起止范围搜索',
};

/** The types a builder offers: a group's children cannot be groups themselves. */
export const selectableTypes = ({ isChild }: { isChild: boolean }): FieldType[] =>
  FIELD_TYPES.filter((type) => !(isChild && fieldTypeOf(type).isGroup));

/** What `max` means for a type, as a label (null: the type has no max). */
export const maxLabelOf = ({ type }: { type: FieldType }) => {
  const traits = fieldTypeOf(type);
  if (traits.maxMeaning === 'length') return '最大长度（字）';
  if (traits.maxMeaning === 'count') return traits.isGroup ? '最多行数' : '最多可选数量';
  return null;
};

/** Picture fields that take several files let the schema set how many (`limit`). */
export const hasLimit = ({ type }: { type: FieldType }) => (fieldTypeOf(type).defaultLimit ?? 0) > 1;

/**
 * A definition moved to another type keeps what still applies and drops what the type cannot
 * carry (the registry's traits decide), so the check does not refuse leftovers the admin cannot see.
 */
export const retypeField = ({ field, type }: { field: FieldDraft; type: FieldType }): FieldDraft => {
  const traits = fieldTypeOf(type);
  return {
    ...field,
    type,
    ismust: traits.isServerAssigned ? false : field.ismust,
    search: traits.search ? field.search : false,
    max: traits.maxMeaning ? field.max : null,
    limit: hasLimit({ type }) ? field.limit : null,
    is_self_write: traits.hasOptions ? field.is_self_write : false,
    url: traits.needsUrl ? field.url : '',
    child_info: traits.isGroup ? field.child_info : [],
  };
};
