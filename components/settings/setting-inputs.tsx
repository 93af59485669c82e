'use client';

import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SettingKey, SettingsDraft } from './use-system-set-form';

type InputProps<K extends SettingKey> = {
  name: K;
  label: string;
  draft: SettingsDraft;
  error?: string;
  hint?: string;
  onChange: (key: K, value: SettingsDraft[K]) => void;
};

export const settingId = (name: SettingKey) => `setting-${name}`;

/** A text or whole-number setting. */
export function SettingText<K extends SettingKey>({
  name,
  label,
  draft,
  error,
  hint,
  onChange,
  isNumber,
  isMultiline,
  unit,
}: InputProps<K> & { isNumber?: boolean; isMultiline?: boolean; unit?: string }) {
  return (
    <TextField
      id={settingId(name)}
      label={label}
      value={draft[name] as string}
      onChange={(event) => onChange(name, event.target.value as SettingsDraft[K])}
      error={Boolean(error)}
      helperText={error ?? hint}
      fullWidth
      multiline={isMultiline}
      minRows={isMultiline ? 2 : undefined}
      slotProps={{
        htmlInput: isNumber ? { inputMode: 'numeric', pattern: '[0-9]*' } : undefined,
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

/** A setting picked from a few values. */
export function SettingSelect<K extends SettingKey>({
  name,
  label,
  draft,
  error,
  hint,
  onChange,
  options,
}: InputProps<K> & { options: { value: string; label: string }[] }) {
  return (
    <TextField
      id={settingId(name)}
      select
      label={label}
      value={draft[name] as string}
      onChange={(event) => onChange(name, event.target.value as SettingsDraft[K])}
      error={Boolean(error)}
      helperText={error ?? hint}
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
