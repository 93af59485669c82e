'use client';

import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { fieldId, type FieldWidgetProps } from '../field-props';
import type { OutOption } from '../out-auto/out-options';
import { useOutOptions } from '../out-auto/use-out-options';

/** out_auto: a choice among options served by another manage API (a relation, e.g. items of another category). */
export function OutAutoWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  const { options, isLoading, error: loadError, reload } = useOutOptions({ url: field.url });
  const isEmpty = value === null || value === undefined || value === '';
  // Until the options arrive (or if the value left them), the stored value stands for itself.
  const selected = isEmpty ? null : options.find((option) => String(option.value) === String(value)) ?? { label: String(value), value: value as string | number };
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
      id={fieldId({ path })}
      options={options}
      value={selected}
      loading={isLoading}
      disabled={isDisabled}
      loadingText="加载中…"
      noOptionsText={loadError ? '选项加载失败' : '暂无选项'}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => String(option.value)}
      isOptionEqualToValue={(option, current) => String(option.value) === String(current.value)}
      onChange={(_, picked) => onChange(picked ? picked.value : '')}
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
                  {isLoading && <CircularProgress color="inherit" size={18} aria-label="正在加载选项" />}
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
