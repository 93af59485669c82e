'use client';

import TextField from '@mui/material/TextField';

type CountInputProps = {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  helperText?: string;
  id?: string;
};

/** A non-negative whole number that may be left empty (null). */
export function CountInput({ label, value, onChange, helperText, id }: CountInputProps) {
  return (
    <TextField
      id={id}
      label={label}
      fullWidth
      value={value ?? ''}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
        onChange(digits === '' ? null : Number(digits));
      }}
      helperText={helperText}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
