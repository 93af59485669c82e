'use client';

import Typography from '@mui/material/Typography';
import { valueText } from '@/lib/fields/value-text';
import type { StoredValue } from '@/lib/fields/type-definition';
import type { FieldCellProps } from '../field-props';

// A list cell shows a glimpse, at most two lines that wrap anywhere (a long word or address never
// widens the table); the full text is in the tooltip (title) and the form.
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
      title={chars.length > 10 ? text : undefined}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
        whiteSpace: 'normal',
      }}
    >
      {short}
    </Typography>
  );
}
