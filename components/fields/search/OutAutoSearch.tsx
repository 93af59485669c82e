'use client';

import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { OutOption } from '@/lib/client/api/out-options';
import { useOutAutocomplete } from '../out-auto/use-out-options';
import { useOutOptionsUrl } from '../out-auto/out-options-scope';
import type { SearchInputProps } from './search-props';

/** out_auto (equal): one of the options served by the field's url. */
export function OutAutoSearch({ field, value, onChange }: SearchInputProps) {
  const { autocompleteProps } = useOutAutocomplete({
    url: useOutOptionsUrl({ field }),
    value: value[field.key] ?? '',
    onPick: (option) => onChange({ [field.key]: option ? String(option.value) : '' }),
  });
  return (
    <Autocomplete<OutOption>
      {...autocompleteProps}
      renderInput={(params) => (
        <TextField {...params} label={field.title} name={field.key} placeholder="全部" />
      )}
      sx={{ minWidth: 200 }}
    />
  );
}
