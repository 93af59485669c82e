'use client';

import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { OptionDot } from '../primitives/OptionDot';
import type { SearchInputProps } from './search-props';

const ALL = '';

/** select (equal) and mult_select (contains): one of the options, or 全部. */
export function OptionSearch({ field, value, onChange }: SearchInputProps) {
  const current = value[field.key] ?? ALL;
  const isKnown = field.options.some((option) => String(option.value) === current);
  return (
    <TextField
      select
      label={field.title}
      name={field.key}
      value={isKnown ? current : ALL}
      onChange={(event) => onChange({ [field.key]: event.target.value })}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value={ALL}>
        <Box component="em" sx={{ color: 'text.secondary' }}>
          全部
        </Box>
      </MenuItem>
      {field.options.map((option) => (
        <MenuItem key={String(option.value)} value={String(option.value)}>
          <OptionDot color={option.color} />
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
