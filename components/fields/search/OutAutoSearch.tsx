'use client';

import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { OutOption } from '../out-auto/out-options';
import { useOutOptions } from '../out-auto/use-out-options';
import type { SearchInputProps } from './search-props';

/** out_auto (equal): one of the options served by the field's url. */
export function OutAutoSearch({ field, value, onChange }: SearchInputProps) {
  const { options, isLoading, error } = useOutOptions({ url: field.url });
  const current = value[field.key] ?? '';
  const selected = current ? options.find((option) => String(option.value) === current) ?? { label: current, value: current } : null;
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
      onChange={(_, picked) => onChange({ [field.key]: picked ? String(picked.value) : '' })}
      renderInput={(params) => <TextField {...params} label={field.title} name={field.key} placeholder="全部" />}
      sx={{ minWidth: 200 }}
    />
  );
}
