'use client';

import Typography from '@mui/material/Typography';
import type { FieldCellProps } from '../field-props';
import { dateFromPicker, dateToPicker } from '../primitives/picker-values';

/** yyyy-mm-dd. */
export function DateCell({ value }: FieldCellProps) {
  const date = dateToPicker(value);
  if (!date?.isValid()) return null;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {dateFromPicker(date)}
    </Typography>
  );
}
