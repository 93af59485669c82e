'use client';

import type { FieldDefinition } from '@/lib/fields/definition';
import { useRecordFormContext } from './form/record-form-context';
import { getIn } from './form/record-values';
import { FIELD_WIDGETS } from './widgets';

/** The registry's widget for a field, wired to the form it is drawn in. */
export function FieldWidget({ field, path }: { field: FieldDefinition; path: string }) {
  const { values, errors, setValue, isDisabled } = useRecordFormContext();
  const Widget = FIELD_WIDGETS[field.type];
  return (
    <Widget
      field={field}
      path={path}
      value={getIn({ values, path })}
      error={errors[path]}
      isDisabled={isDisabled}
      onChange={(update) => setValue(path, update)}
    />
  );
}
