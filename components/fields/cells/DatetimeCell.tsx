'use client';

import Tooltip from '@/components/common/LazyTooltip';
import Typography from '@mui/material/Typography';
import { useHydrated } from '@/components/common/use-hydrated';
import { formatDateTime, relativeTime } from '@/lib/fields/relative-time';
import type { FieldCellProps } from '../field-props';

/**
 * yyyy-mm-dd hh:mm; hovering tells how long ago (刚刚, 5分钟前 …). Both depend on the clock and
 * time zone of whoever renders them: a list rendered on the server is hydrated with its text as
 * is, then drawn anew (key) in the browser's time zone.
 */
export function DatetimeCell({ value }: FieldCellProps) {
  const isHydrated = useHydrated();
  const text = formatDateTime({ time: value });
  if (!text) return null;
  return (
    <Tooltip key={isHydrated ? 'browser' : 'server'} title={relativeTime({ time: value })} placement="top">
      <Typography
        variant="body2"
        component="span"
        tabIndex={0}
        sx={{ whiteSpace: 'nowrap' }}
        suppressHydrationWarning
      >
        {text}
      </Typography>
    </Tooltip>
  );
}
