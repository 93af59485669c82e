'use client';

import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { fieldId, type FieldWidgetProps } from '../field-props';
import type { OutOption } from '@/lib/client/api/out-options';
import { useOutAutocomplete } from '../out-auto/use-out-options';
import { useOutOptionsUrl } from '../out-auto/out-options-scope';

/** out_auto: a choice among options served by another manage API (a relation, e.g. items of another category). */
export function OutAutoWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  const isEmpty = value === null || value === undefined || value === '';
  // Until its title is known (or if the item is gone), the stored value stands for itself.
  const {
    autocompleteProps,
    error: loadError,
    reload,
  } = useOutAutocomplete({
    url: useOutOptionsUrl({ field }),
    value: isEmpty ? '' : String(value),
    onPick: (option) => onChange(option ? option.value : ''),
  });
  const hint = loadError ? (
    <>
      选项加载失败：{loadError}{' '}
      <Button size="small" onClick={reload} sx={{ p: 0, minWidth: 0, verticalAlign: 'baseline' }}>
        重试
      </Button>
    </>
  ) : undefined;
  return (
    <Autocomplete<OutOption>
      {...autocompleteProps}
      id={fieldId({ path })}
      disabled={isDisabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={field.title}
          required={field.ismust}
          error={Boolean(error || loadError)}
          helperText={error ?? hint}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {autocompleteProps.loading && (
                    <CircularProgress color="inherit" size={18} aria-label="正在加载选项" />
                  )}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
