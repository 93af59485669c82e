'use client';

import TextField from '@mui/material/TextField';
import { fieldId, type FieldWidgetProps } from '../field-props';
import { acceptNumberDraft, finishNumberDraft } from '../number-input';
import { asText } from '../primitives/read-value';

/** int and float: a text box (not type=number, which hides what was typed) that clears a non-number. */
export function NumberWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  const isFloat = field.type === 'float';
  const text = asText(value);
  return (
    <TextField
      id={fieldId({ path })}
      label={field.title}
      required={field.ismust}
      fullWidth
      value={text}
      disabled={isDisabled}
      onChange={(event) => onChange(acceptNumberDraft({ text: event.target.value.trim(), isFloat }))}
      onBlur={() => {
        const finished = finishNumberDraft({ text, isFloat });
        if (finished !== text) onChange(finished);
      }}
      error={Boolean(error)}
      helperText={error ?? (isFloat ? '可输入负数和小数' : '请输入整数')}
      slotProps={{ htmlInput: { inputMode: isFloat ? 'decimal' : 'numeric', autoComplete: 'off' } }}
    />
  );
}
