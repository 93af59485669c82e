'use client';

import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { FieldOption } from '@/lib/fields/definition';
import { fieldId, type FieldWidgetProps } from '../field-props';
import { OptionDot } from '../primitives/OptionDot';
import { asText, findOption } from '../primitives/read-value';

/** select with is_self_write: pick an option or type any value (Autocomplete freeSolo). */
export function SelfWriteSelect({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  const option = findOption({ field, value }) ?? null;
  const typed = option ? option.label : asText(value);
  // A typed text that is an option's label means that option.
  const fromText = (text: string) =>
    field.options.find((candidate) => candidate.label === text)?.value ?? text;
  return (
    <Autocomplete<FieldOption, false, false, true>
      freeSolo
      id={fieldId({ path })}
      options={field.options}
      value={option ?? (typed ? typed : null)}
      inputValue={typed}
      disabled={isDisabled}
      getOptionLabel={(entry) => (typeof entry === 'string' ? entry : entry.label)}
      isOptionEqualToValue={(entry, current) =>
        typeof current !== 'string' && String(entry.value) === String(current.value)
      }
      onChange={(_, picked) =>
        onChange(picked === null ? '' : typeof picked === 'string' ? fromText(picked) : picked.value)
      }
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') onChange(fromText(text));
      }}
      renderOption={({ key, ...optionProps }, entry) => (
        <Box component="li" key={key} {...optionProps}>
          <OptionDot color={entry.color} />
          {entry.label}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={field.title}
          required={field.ismust}
          error={Boolean(error)}
          helperText={error ?? '可从选项中选择，也可直接输入'}
        />
      )}
    />
  );
}
