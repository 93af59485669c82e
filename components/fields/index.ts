// The public face of the field widgets: forms, list cells and search inputs by field type.
export { RecordForm } from './RecordForm';
export { useRecordForm, type RecordFormState, type UseRecordFormOptions } from './form/use-record-form';
export type { FieldErrors } from './form/validate-record';
export type { RecordValues } from './form/record-values';
export { FieldCell } from './FieldCell';
export { FieldSearchInput, type SearchInputProps, type SearchValues } from './FieldSearchInput';
export { FIELD_WIDGETS } from './widgets';
export { FIELD_CELLS } from './cells';
export type { FieldCellProps, FieldWidgetProps } from './field-props';
