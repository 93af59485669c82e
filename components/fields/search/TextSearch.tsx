'use client';

import TextField from '@mui/material/TextField';
import type { SearchInputProps } from './search-props';

/** Substring (text types, rich text) or exact text (color): one box. */
export function TextSearch({ field, value, onChange }: SearchInputProps) {
  return (
    <TextField
      label={field.title}
      name={field.key}
      value={value[field.key] ?? ''}
      onChange={(event) => onChange({ [field.key]: event.target.value })}
      placeholder={`请输入${field.title}`}
      sx={{ minWidth: 180 }}
    />
  );
}
