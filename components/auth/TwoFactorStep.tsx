'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import type { CodeStep } from './use-login-form';

type TwoFactorStepProps = {
  step: CodeStep;
  error?: string;
  failure: string;
  isSubmitting: boolean;
  onChange: (update: Partial<Omit<CodeStep, 'ticket'>>) => void;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
};

/** Step two of the sign-in: the 6-digit code of the authenticator app, or one recovery code. */
export function TwoFactorStep({
  step,
  error,
  failure,
  isSubmitting,
  onChange,
  onSubmit,
  onBack,
}: TwoFactorStepProps) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="两步验证"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {step.isRecovery
          ? '请输入一个未使用过的恢复码（形如 abcd-efgh-jkmn），每个恢复码只能使用一次。'
          : '请打开手机上的验证器应用，输入当前显示的 6 位验证码。'}
      </Typography>
      <TextField
        key={step.isRecovery ? 'recovery' : 'totp'}
        label={step.isRecovery ? '恢复码' : '验证码'}
        name="code"
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        value={step.code}
        onChange={(event) => onChange({ code: event.target.value })}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          htmlInput: step.isRecovery
            ? { maxLength: 32, autoCapitalize: 'none', spellCheck: false }
            : { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
        }}
      />
      {failure && (
        <Alert severity="error" data-testid="login-error">
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        验证并登录
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Link component="button" type="button" variant="body2" onClick={onBack}>
          返回重新输入密码
        </Link>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onChange({ isRecovery: !step.isRecovery, code: '' })}
        >
          {step.isRecovery ? '使用验证码' : '使用恢复码'}
        </Link>
      </Box>
    </Box>
  );
}
