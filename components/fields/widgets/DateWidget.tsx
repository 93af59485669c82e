'use client';

import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { FieldWidgetProps } from '../field-props';
import { PickerLocalization } from '../primitives/PickerLocalization';
import { pickerSlotProps } from '../primitives/picker-slot-props';
import { DATE_FORMAT, dateFromPicker, dateToPicker } from '../primitives/picker-values';

/** A day, stored as yyyy-mm-dd. */
export function DateWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  return (
    <PickerLocalization>
      <DatePicker
        label={field.title}
        format={DATE_FORMAT}
        value={dateToPicker(value)}
        disabled={isDisabled}
        onChange={(picked) => onChange(dateFromPicker(picked))}
        slotProps={pickerSlotProps({ field, path, error })}
      />
    </PickerLocalization>
  );
}
