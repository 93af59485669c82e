'use client';

import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { FieldOption } from '@/lib/fields/definition';
import { fieldId, type FieldWidgetProps } from '../field-props';
import { OptionChip } from '../primitives/OptionChip';
import { OptionDot } from '../primitives/OptionDot';
import { asList, findOption } from '../primitives/read-value';

/** Several options as coloured chips, stored as an array; `max` caps how many. */
export function MultSelectWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  // Values no longer among the options stay visible (as their own text) rather than vanish silently.
  const selected: FieldOption[] = asList(value).map(
    (item) => findOption({ field, value: item }) ?? { label: String(item), value: String(item) },
  );
  const isFull = Boolean(field.max && selected.length >= field.max);
  const hint = field.max
    ? `最多选择 ${field.max} 项，已选 ${selected.length} 项`
    : field.is_self_write
      ? '可输入选项以外的值，回车确认'
      : undefined;
  return (
    <Autocomplete<FieldOption, true, false, boolean>
      multiple
      freeSolo={field.is_self_write}
      disableCloseOnSelect
      id={fieldId({ path })}
      options={field.options}
      value={selected}
      disabled={isDisabled}
      getOptionLabel={(entry) => (typeof entry === 'string' ? entry : entry.label)}
      isOptionEqualToValue={(entry, current) =>
        String(entry.value) === String(typeof current === 'string' ? current : current.value)
      }
      getOptionDisabled={(entry) =>
        isFull && !selected.some((item) => String(item.value) === String(entry.value))
      }
      onChange={(_, picked) => {
        const values = picked.map((entry) => (typeof entry === 'string' ? entry : entry.value));
        onChange(field.max ? values.slice(0, field.max) : values);
      }}
      noOptionsText="没有可选的选项"
      renderOption={({ key, ...optionProps }, entry) => (
        <Box component="li" key={key} {...optionProps}>
          <OptionDot color={entry.color} />
          {entry.label}
        </Box>
      )}
      renderValue={(items, getItemProps) =>
        items.map((entry, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const option = typeof entry === 'string' ? undefined : entry;
          return (
            <OptionChip
              key={key}
              {...itemProps}
              label={option?.label ?? String(entry)}
              optionColor={option?.color}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={field.title}
          required={field.ismust}
          error={Boolean(error)}
          helperText={error ?? hint}
          placeholder={isFull ? undefined : '请选择'}
        />
      )}
    />
  );
}
