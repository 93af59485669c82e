'use client';

import Box from '@mui/material/Box';
import type { FieldCellProps } from '../field-props';
import { asText } from '../primitives/read-value';

/** A swatch and the hex code. */
export function ColorCell({ value }: FieldCellProps) {
  const color = asText(value);
  if (!/^#[0-9a-f]{3,8}$/i.test(color)) return null;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontFamily: 'monospace', fontSize: 13 }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 16, height: 16, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: color }}
      />
      {color}
    </Box>
  );
}
