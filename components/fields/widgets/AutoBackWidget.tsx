'use client';

import TextField from '@mui/material/TextField';
import { autoBackField } from '@/lib/fields/types/server-assigned';
import type { StoredValue } from '@/lib/fields/type-definition';
import { fieldId, type FieldWidgetProps } from '../field-props';

/** auto_back: who saved last and when, recorded by the server on every save. */
export function AutoBackWidget({ field, path, value }: FieldWidgetProps) {
  const text = value ? (autoBackField.toText?.({ value: value as StoredValue, field }) ?? '') : '';
  return (
    <TextField
      id={fieldId({ path })}
      label={field.title}
      fullWidth
      value={text || '保存时自动记录'}
      helperText="保存时自动记录操作人和时间"
      slotProps={{ input: { readOnly: true, sx: text ? undefined : { color: 'text.secondary' } } }}
    />
  );
}
