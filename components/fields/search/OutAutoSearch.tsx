'use client';

import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { OutOption } from '../out-auto/out-options';
import { useOutAutocomplete } from '../out-auto/use-out-options';
import type { SearchInputProps } from './search-props';

/** out_auto (equal): one of the options served by the field's url. */
export function OutAutoSearch({ field, value, onChange }: SearchInputProps) {
  const { options, selected, isLoading, error, remember, searchProps } = useOutAutocomplete({ url: field.url, value: value[field.key] ?? '' });
  return (
    <Autocomplete<OutOption>
      options={options}
      value={selected}
      loading={isLoading}
      loadingText="加载中…"
      noOptionsText={error ? '选项加载失败' : '暂无选项'}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => String(option.value)}
      isOptionEqualToValue={(option, chosen) => String(option.value) === String(chosen.value)}
      onChange={(_, picked) => {
        remember(picked);
        onChange({ [field.key]: picked ? String(picked.value) : '' });
      }}
      {...searchProps}
      renderInput={(params) => <TextField {...params} label={field.title} name={field.key} placeholder="全部" />}
      sx={{ minWidth: 200 }}
    />
  );
}
