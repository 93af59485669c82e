'use client';

import Typography from '@mui/material/Typography';
import { valueText } from '@/lib/fields/value-text';
import type { StoredValue } from '@/lib/fields/type-definition';
import type { FieldCellProps } from '../field-props';

// A list cell shows a glimpse; the full text is in the tooltip (title) and the form.
const MAX_CHARS = 60;

/** Text, numbers, auto, auto_back and html_editor (as plain text): the registry's text of the value, cut short. */
export function TextCell({ field, value }: FieldCellProps) {
  const text = valueText({ field, value: value as StoredValue | undefined });
  if (!text) return null;
  const chars = [...text];
  const short = chars.length > MAX_CHARS ? `${chars.slice(0, MAX_CHARS).join('')}…` : text;
  return (
    <Typography
      variant="body2"
      component="span"
      title={short === text ? undefined : text}
      sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', display: 'block' }}
    >
      {short}
    </Typography>
  );
}
