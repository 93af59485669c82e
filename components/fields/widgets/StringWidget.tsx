'use client';

import TextField from '@mui/material/TextField';
import { fieldId, type FieldWidgetProps } from '../field-props';
import { HelperText } from '../primitives/HelperText';
import { asText } from '../primitives/read-value';

/** string and mult_string: a text box; `max` is the length, counted like the server does (characters). */
export function StringWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  const text = asText(value);
  const isMultiline = field.type === 'mult_string';
  const counter = field.max ? `${[...text].length}/${field.max}` : undefined;
  return (
    <TextField
      id={fieldId({ path })}
      label={field.title}
      required={field.ismust}
      fullWidth
      multiline={isMultiline}
      minRows={isMultiline ? 3 : undefined}
      maxRows={isMultiline ? 12 : undefined}
      value={text}
      disabled={isDisabled}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error || counter ? <HelperText message={error} counter={counter} /> : undefined}
      slotProps={{ htmlInput: { maxLength: field.max ?? undefined } }}
    />
  );
}
