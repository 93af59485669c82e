'use client';

import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { acceptNumberDraft, finishNumberDraft } from '../number-input';
import { rangeKeys, type SearchInputProps } from './search-props';

/** int, float and auto: from … to …, sent as key_start / key_end; either may stay empty. */
export function NumberRangeSearch({ field, value, onChange }: SearchInputProps) {
  const keys = rangeKeys({ field });
  const isFloat = field.type === 'float';
  const bound = (name: string, label: string) => (
    <TextField
      label={label}
      name={name}
      value={value[name] ?? ''}
      onChange={(event) =>
        onChange({ [name]: acceptNumberDraft({ text: event.target.value.trim(), isFloat }) })
      }
      onBlur={() => onChange({ [name]: finishNumberDraft({ text: value[name] ?? '', isFloat }) })}
      slotProps={{
        htmlInput: { inputMode: isFloat ? 'decimal' : 'numeric', 'aria-label': `${field.title}${label}` },
      }}
      sx={{ width: { xs: 'auto', sm: 120 }, flex: { xs: 1, sm: 'none' }, minWidth: 0 }}
    />
  );
  return (
    <Box
      role="group"
      aria-label={`${field.title}范围`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
    >
      {bound(keys.start, `${field.title}从`)}
      <Box component="span" sx={{ color: 'text.secondary' }}>
        至
      </Box>
      {bound(keys.end, '到')}
    </Box>
  );
}
