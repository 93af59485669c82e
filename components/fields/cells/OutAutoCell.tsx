'use client';

import Typography from '@mui/material/Typography';
import type { FieldCellProps } from '../field-props';
import { useOutOptions } from '../out-auto/use-out-options';
import { asText } from '../primitives/read-value';

/** out_auto: the chosen option's label (options shared by the whole column), else the stored value. */
export function OutAutoCell({ field, value }: FieldCellProps) {
  const { options } = useOutOptions({ url: field.url });
  const text = asText(value);
  if (!text) return null;
  const label = options.find((option) => String(option.value) === text)?.label ?? text;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {label}
    </Typography>
  );
}
