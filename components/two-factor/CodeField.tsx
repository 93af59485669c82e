'use client';

import TextField from '@mui/material/TextField';

/** The 6-digit code of an authenticator app (a recovery code too, when `allowsRecovery`). */
export function CodeField({
  value,
  onChange,
  error,
  allowsRecovery = false,
  autoFocus = true,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  allowsRecovery?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={allowsRecovery ? '验证码或恢复码' : '验证码'}
      name="code"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={
        error ?? (allowsRecovery ? '验证器中的 6 位验证码，或一个恢复码' : '验证器中显示的 6 位数字')
      }
      slotProps={{
        htmlInput: allowsRecovery
          ? { maxLength: 32, autoCapitalize: 'none', spellCheck: false }
          : { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
      }}
    />
  );
}
