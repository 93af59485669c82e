import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { FieldType } from '@/lib/fields/field-types';
import type { SearchKind } from '@/lib/fields/type-definition';
import { NumberRangeSearch } from './search/NumberRangeSearch';
import { OptionSearch } from './search/OptionSearch';
import type { SearchInputProps } from './search/search-props';
import { TextSearch } from './search/TextSearch';

// The date pickers come with a form that has a date field to search by, not with every list; the
// autocomplete of 关联选择 with a form that has such a field.
const DateRangeSearch = dynamic(
  () => import('./search/DateRangeSearch').then((module) => module.DateRangeSearch),
  { ssr: false },
);
const OutAutoSearch = dynamic(() => import('./search/OutAutoSearch').then((module) => module.OutAutoSearch), {
  ssr: false,
});

/** The search input of each search kind of the registry … */
export const SEARCH_INPUTS_BY_KIND = {
  substring: TextSearch,
  equal: TextSearch,
  contains: OptionSearch,
  range: NumberRangeSearch,
} satisfies Record<SearchKind, ComponentType<SearchInputProps>>;

/** … unless the type needs its own: options to choose from, or days instead of numbers. */
export const SEARCH_INPUTS_BY_TYPE: Partial<Record<FieldType, ComponentType<SearchInputProps>>> = {
  select: OptionSearch,
  out_auto: OutAutoSearch,
  date: DateRangeSearch,
  datetime: DateRangeSearch,
};
