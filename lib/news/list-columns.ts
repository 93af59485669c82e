import type { ContentFields } from '@/lib/categories/content-fields';
import { BASE_SET_KEYS } from '@/lib/categories/class-types';
import type { FieldDefinition } from '@/lib/fields/definition';

export type ListColumn = { key: string; title: string; field: FieldDefinition | null };

/** The list's columns: base fields marked showlist, then dynamic fields marked showlist. */
export const listColumns = (schema: ContentFields): ListColumn[] => [
  ...BASE_SET_KEYS.filter((key) => schema.base_set[key].showlist).map((key) => ({
    key,
    title: schema.base_set[key].name,
    field: null,
  })),
  ...schema.list
    .filter((field) => field.showlist)
    .map((field) => ({ key: field.key, title: field.title, field })),
];
