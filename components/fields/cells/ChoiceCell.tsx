'use client';

import Box from '@mui/material/Box';
import type { FieldCellProps } from '../field-props';
import { OptionChip } from '../primitives/OptionChip';
import { asList, findOption } from '../primitives/read-value';

/** select and mult_select: each chosen value as a chip in its option's colour. */
export function ChoiceCell({ field, value }: FieldCellProps) {
  const items = asList(value);
  if (items.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {items.map((item) => {
        const option = findOption({ field, value: item });
        return (
          <OptionChip key={String(item)} label={option?.label ?? String(item)} optionColor={option?.color} />
        );
      })}
    </Box>
  );
}
