'use client';

import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { fieldId, type FieldWidgetProps } from '../field-props';
import { asText } from '../primitives/read-value';

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour: the browser's picker plus the hex text; stored as #rrggbb (the server widens #rgb). */
export function ColorWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  const text = asText(value);
  const id = fieldId({ path });
  return (
    <TextField
      id={id}
      label={field.title}
      required={field.ismust}
      fullWidth
      placeholder="#1890ff"
      value={text}
      disabled={isDisabled}
      onChange={(event) => onChange(event.target.value.trim())}
      onBlur={() => text && onChange(text.toLowerCase())}
      error={Boolean(error)}
      helperText={error ?? '点击色块选择颜色，或输入 #rrggbb'}
      slotProps={{
        htmlInput: { maxLength: 7, autoComplete: 'off', spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={`${field.title}取色`}
                disabled={isDisabled}
                value={HEX.test(text) ? text.toLowerCase() : '#000000'}
                onChange={(event) => onChange((event.target as HTMLInputElement).value.toLowerCase())}
                sx={{
                  width: 28,
                  height: 28,
                  p: 0,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 0.5,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  // No colour chosen yet: a faded swatch rather than one that looks like black was picked.
                  opacity: HEX.test(text) ? 1 : 0.25,
                  '&::-webkit-color-swatch-wrapper': { p: '2px' },
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
