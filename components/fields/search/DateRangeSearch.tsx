'use client';

import Box from '@mui/material/Box';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { PickerLocalization } from '../primitives/PickerLocalization';
import { DATE_FORMAT, dateFromPicker, dateToPicker, UNFINISHED_DATE } from '../primitives/picker-values';
import { rangeKeys, type SearchInputProps } from './search-props';

/**
 * date and datetime: a day range sent as key_start / key_end (yyyy-mm-dd; for datetime the
 * server reads the end day as a whole day).
 */
export function DateRangeSearch({ field, value, onChange }: SearchInputProps) {
  const keys = rangeKeys({ field });
  const bound = (name: string, label: string) => (
    <DatePicker
      label={label}
      format={DATE_FORMAT}
      value={dateToPicker(value[name] ?? '')}
      // A half-typed day is not sent: the list would answer 400 for it.
      onChange={(picked) => {
        const text = dateFromPicker(picked);
        onChange({ [name]: text === UNFINISHED_DATE ? '' : text });
      }}
      slotProps={{ field: { clearable: true }, textField: { name, sx: { width: { xs: '100%', sm: 190 } } } }}
    />
  );
  return (
    <PickerLocalization>
      <Box
        role="group"
        aria-label={`${field.title}范围`}
        sx={{
          display: 'inline-flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: { xs: 1.5, sm: 1 },
        }}
      >
        {bound(keys.start, `${field.title}从`)}
        {/* On a phone the two boxes are two rows, their labels (…从, 到) saying what they are. */}
        <Box component="span" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'inline' } }}>
          至
        </Box>
        {bound(keys.end, '到')}
      </Box>
    </PickerLocalization>
  );
}
