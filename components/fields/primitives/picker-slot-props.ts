import { fieldId, type FieldWidgetProps } from '../field-props';

/** The slot props every form date picker shares: clearable unless required, the field's id and error. */
export const pickerSlotProps = ({
  field,
  path,
  error,
}: Pick<FieldWidgetProps, 'field' | 'path' | 'error'>) => ({
  field: { clearable: !field.ismust },
  textField: {
    id: fieldId({ path }),
    required: field.ismust,
    fullWidth: true,
    error: Boolean(error),
    helperText: error,
  },
});
