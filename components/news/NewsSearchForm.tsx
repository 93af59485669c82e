'use client';

import { useMemo } from 'react';
import { SearchForm } from '@/components/common/SearchForm';
import { FieldSearchInput } from '@/components/fields/FieldSearchInput';
import { baseSearchFields } from './base-fields';
import type { ClassInfo } from '@/lib/categories/to-api';
import type { NewsListState } from './use-news-list';

type NewsSearchFormProps = {
  info: ClassInfo;
  list: Pick<NewsListState, 'draft' | 'setDraftValues' | 'search' | 'resetSearch'>;
};

/**
 * Title, short title and intro (as the category names and shows them), then every searchable
 * dynamic field by its search kind.
 */
export function NewsSearchForm({ info, list }: NewsSearchFormProps) {
  const { base_set: baseSet, list: listFields } = info.content_fileds;
  const fields = useMemo(
    () => [...baseSearchFields({ baseSet }), ...listFields.filter((field) => field.search)],
    [baseSet, listFields],
  );

  return (
    <SearchForm label="搜索内容" onSearch={list.search} onReset={list.resetSearch}>
      {fields.map((field) => (
        <FieldSearchInput key={field.key} field={field} value={list.draft} onChange={list.setDraftValues} />
      ))}
    </SearchForm>
  );
}
