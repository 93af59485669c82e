'use client';

import { fieldTypeOf } from '@/lib/fields/registry';
import { SEARCH_INPUTS_BY_KIND, SEARCH_INPUTS_BY_TYPE } from './search-inputs';
import type { SearchInputProps } from './search/search-props';

export type { SearchInputProps, SearchValues } from './search/search-props';

/** The list's search input for a field, by the registry's search kind; nothing for a type that cannot be searched. */
export function FieldSearchInput({ field, value, onChange }: SearchInputProps) {
  const kind = fieldTypeOf(field.type).search;
  if (!kind) return null;
  const Input = SEARCH_INPUTS_BY_TYPE[field.type] ?? SEARCH_INPUTS_BY_KIND[kind];
  return <Input field={field} value={value} onChange={onChange} />;
}
