'use client';

import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { FieldWidgetProps } from '../field-props';
import { PickerLocalization } from '../primitives/PickerLocalization';
import { pickerSlotProps } from '../primitives/picker-slot-props';
import {
  DATETIME_FORMAT,
  datetimeFromPicker,
  datetimeToPicker,
  defaultTimeOfDay,
} from '../primitives/picker-values';

/** A moment, stored as a timestamp in seconds; shown as yyyy-mm-dd hh:mm, 24-hour. */
export function DatetimeWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  return (
    <PickerLocalization>
      <DateTimePicker
        label={field.title}
        format={DATETIME_FORMAT}
        ampm={false}
        value={datetimeToPicker(value)}
        referenceDate={defaultTimeOfDay()}
        disabled={isDisabled}
        onChange={(picked) => onChange(datetimeFromPicker(picked))}
        slotProps={pickerSlotProps({ field, path, error })}
      />
    </PickerLocalization>
  );
}
