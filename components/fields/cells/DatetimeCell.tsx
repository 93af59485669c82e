'use client';

import Tooltip from '@/components/common/LazyTooltip';
import Typography from '@mui/material/Typography';
import { formatDateTime, relativeTime } from '@/lib/fields/relative-time';
import type { FieldCellProps } from '../field-props';

/** yyyy-mm-dd hh:mm; hovering tells how long ago (刚刚, 5分钟前 …). */
export function DatetimeCell({ value }: FieldCellProps) {
  const text = formatDateTime({ time: value });
  if (!text) return null;
  return (
    <Tooltip title={relativeTime({ time: value })} placement="top">
      <Typography variant="body2" component="span" tabIndex={0} sx={{ whiteSpace: 'nowrap' }}>
        {text}
      </Typography>
    </Tooltip>
  );
}
