'use client';

import TextField from '@mui/material/TextField';
import { fieldId, type FieldWidgetProps } from '../field-props';

/** auto: the running number the server gives a record when it is first saved; never typed. */
export function AutoWidget({ field, path, value }: FieldWidgetProps) {
  const hasNumber = typeof value === 'number' || (typeof value === 'string' && value !== '');
  return (
    <TextField
      id={fieldId({ path })}
      label={field.title}
      fullWidth
      value={hasNumber ? String(value) : '保存后自动生成'}
      helperText="由系统自动编号"
      slotProps={{ input: { readOnly: true, sx: hasNumber ? undefined : { color: 'text.secondary' } } }}
    />
  );
}
