'use client';

import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { fieldId, type FieldWidgetProps } from '../field-props';
import { OptionDot } from '../primitives/OptionDot';
import { findOption } from '../primitives/read-value';
import { SelfWriteSelect } from './SelfWriteSelect';

const NONE = '';

/** One of the options (a coloured dot before each); with is_self_write the user may type another value. */
export function SelectWidget(props: FieldWidgetProps) {
  const { field, path, value, onChange, error, isDisabled } = props;
  if (field.is_self_write) return <SelfWriteSelect {...props} />;
  // Menu items carry the option's index: option values may be numbers or text, MUI compares with ===.
  const index = field.options.findIndex((option) => option === findOption({ field, value }));
  const hasUnknownValue = index < 0 && value !== null && value !== undefined && value !== '';
  return (
    <TextField
      select
      id={fieldId({ path })}
      label={field.title}
      required={field.ismust}
      fullWidth
      disabled={isDisabled}
      value={index >= 0 ? String(index) : hasUnknownValue ? 'unknown' : NONE}
      onChange={(event) =>
        onChange(event.target.value === NONE ? '' : (field.options[Number(event.target.value)]?.value ?? ''))
      }
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        select: {
          renderValue: (selected) => {
            const option = field.options[Number(selected)];
            if (selected === 'unknown') return String(value);
            return option ? (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                <OptionDot color={option.color} />
                {option.label}
              </Box>
            ) : null;
          },
        },
      }}
    >
      <MenuItem value={NONE}>
        <Box component="em" sx={{ color: 'text.secondary' }}>
          不选择
        </Box>
      </MenuItem>
      {hasUnknownValue && (
        <MenuItem value="unknown" disabled>
          {String(value)}（已不在选项中）
        </MenuItem>
      )}
      {field.options.map((option, optionIndex) => (
        <MenuItem key={String(option.value)} value={String(optionIndex)}>
          <OptionDot color={option.color} />
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
