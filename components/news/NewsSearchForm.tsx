'use client';

import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, type FormEvent } from 'react';
import { FieldSearchInput } from '@/components/fields/FieldSearchInput';
import { baseSearchFields } from './base-fields';
import type { ClassInfo } from './news-types';
import type { NewsListState } from './use-news-list';

type NewsSearchFormProps = {
  info: ClassInfo;
  list: Pick<NewsListState, 'draft' | 'setDraftValues' | 'search' | 'resetSearch'>;
};

/**
 * Title, short title and intro (as the category names and shows them), then every searchable
 * dynamic field by its search kind. Enter in a box searches (a real form with a submit button).
 */
export function NewsSearchForm({ info, list }: NewsSearchFormProps) {
  const { base_set: baseSet, list: listFields } = info.content_fileds;
  const fields = useMemo(
    () => [...baseSearchFields({ baseSet }), ...listFields.filter((field) => field.search)],
    [baseSet, listFields],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.search();
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="搜索内容"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      {fields.map((field) => (
        <FieldSearchInput key={field.key} field={field} value={list.draft} onChange={list.setDraftValues} />
      ))}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" startIcon={<SearchRounded />}>
          搜索
        </Button>
        <Button
          type="button"
          variant="outlined"
          color="inherit"
          sx={{ borderColor: 'divider' }}
          startIcon={<RestartAltRounded />}
          onClick={list.resetSearch}
        >
          重置
        </Button>
      </Box>
    </Box>
  );
}
