'use client';

import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

const HEX = /^#[0-9a-f]{6}$/i;

type OptionColorInputProps = { label: string; value: string; onChange: (color: string) => void };

/** An option's colour: the browser's picker plus #rrggbb text; empty means no colour. */
export function OptionColorInput({ label, value, onChange }: OptionColorInputProps) {
  return (
    <TextField
      label={label}
      value={value}
      placeholder="无"
      onChange={(event) => onChange(event.target.value.trim())}
      slotProps={{
        htmlInput: { maxLength: 7, spellCheck: false, autoComplete: 'off' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={`${label}取色`}
                value={HEX.test(value) ? value.toLowerCase() : '#1890ff'}
                onChange={(event) => onChange((event.target as HTMLInputElement).value.toLowerCase())}
                // No colour yet: a faded swatch, so it does not look like blue was chosen.
                sx={{
                  width: 24,
                  height: 24,
                  p: 0,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 0.5,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  opacity: HEX.test(value) ? 1 : 0.3,
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
