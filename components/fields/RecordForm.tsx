'use client';

import Box from '@mui/material/Box';
import { useMemo } from 'react';
import type { FieldDefinition } from '@/lib/fields/definition';
import { FieldSlot } from './form/FieldSlot';
import { RecordFormProvider, type RecordFormContextValue } from './form/record-form-context';
import type { RecordFormState } from './form/use-record-form';

type RecordFormProps = {
  form: RecordFormState;
  /** The fields to draw, in order; all of the form's by default. */
  fields?: readonly FieldDefinition[];
  isDisabled?: boolean;
};

/**
 * The widgets of a record, in schema order, each at its `style` width. Not a <form>: the host
 * (single page, 内容 dialog) owns submit and its buttons, and adds base fields around it.
 */
export function RecordForm({ form, fields = form.fields, isDisabled = false }: RecordFormProps) {
  const { values, errors, setValue, uploads, rootRef } = form;
  const context = useMemo<RecordFormContextValue>(
    () => ({ values, errors, setValue, uploads, isDisabled }),
    [values, errors, setValue, uploads, isDisabled],
  );
  return (
    <RecordFormProvider value={context}>
      <Box ref={rootRef} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', mx: -1 }}>
        {fields.map((field) => (
          <FieldSlot key={field.key} field={field} path={field.key} />
        ))}
      </Box>
    </RecordFormProvider>
  );
}
