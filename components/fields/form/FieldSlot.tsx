'use client';

import Box from '@mui/material/Box';
import type { FieldDefinition } from '@/lib/fields/definition';
import { FieldWidget } from '../FieldWidget';
import { fieldWidth } from './field-width';

/** One field in a form's flowing layout, at the width its `style` asks for. */
export function FieldSlot({ field, path }: { field: FieldDefinition; path: string }) {
  const width = fieldWidth({ style: field.style });
  return (
    <Box
      data-field-path={path}
      data-field-type={field.type}
      sx={{
        px: 1,
        pb: 2.5,
        boxSizing: 'border-box',
        width: { xs: '100%', md: width ?? '100%' },
        maxWidth: '100%',
        minWidth: 0,
      }}
    >
      <FieldWidget field={field} path={path} />
    </Box>
  );
}
