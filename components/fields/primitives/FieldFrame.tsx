'use client';

import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { ReactNode } from 'react';
import type { FieldDefinition } from '@/lib/fields/definition';
import { fieldId } from '../field-props';

type FieldFrameProps = {
  field: FieldDefinition;
  path: string;
  error?: string;
  /** Shown under the field while there is no error. */
  hint?: ReactNode;
  children: ReactNode;
};

/** Label, content and message for widgets that are not one text box (uploads, editor, groups). */
export function FieldFrame({ field, path, error, hint, children }: FieldFrameProps) {
  const id = fieldId({ path });
  const message = error ?? hint;
  return (
    <FormControl
      component="div"
      role="group"
      aria-labelledby={`${id}-label`}
      error={Boolean(error)}
      required={field.ismust}
      fullWidth
    >
      <FormLabel id={`${id}-label`} sx={{ mb: 1, fontSize: '0.875rem' }}>
        {field.title}
      </FormLabel>
      {children}
      {message && <FormHelperText id={`${id}-helper`}>{message}</FormHelperText>}
    </FormControl>
  );
}
