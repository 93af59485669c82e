'use client';

import Typography from '@mui/material/Typography';
import type { FieldCellProps } from '../field-props';
import { useOutLabel, useOutOptions } from '../out-auto/use-out-options';
import { useOutOptionsUrl } from '../out-auto/out-options-scope';
import { asText } from '../primitives/read-value';

/** out_auto: the chosen item's title (from the shared options, else found by id), else the stored value. */
export function OutAutoCell({ field, value }: FieldCellProps) {
  const url = useOutOptionsUrl({ field });
  const { options, isLoading } = useOutOptions({ url });
  const text = asText(value);
  // The column's cells share the options request, and the titles they lack come in one request.
  const label = useOutLabel({ url, value: text, options, isLoading });
  if (!text) return null;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {label}
    </Typography>
  );
}
