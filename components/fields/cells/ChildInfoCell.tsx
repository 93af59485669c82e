'use client';

import Tooltip from '@/components/common/LazyTooltip';
import Typography from '@mui/material/Typography';
import type { StoredValue } from '@/lib/fields/type-definition';
import { valueText } from '@/lib/fields/value-text';
import type { FieldCellProps } from '../field-props';

/** child_info: 'N 行', the rows' text on hover. */
export function ChildInfoCell({ field, value }: FieldCellProps) {
  if (!Array.isArray(value) || value.length === 0) return null;
  return (
    <Tooltip title={valueText({ field, value: value as StoredValue })}>
      <Typography variant="body2" component="span" tabIndex={0} sx={{ whiteSpace: 'nowrap' }}>
        {value.length} 行
      </Typography>
    </Tooltip>
  );
}
