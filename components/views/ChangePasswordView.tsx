'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import { useSession } from '@/components/layout/session-context';
import { useSiteSettings } from '@/components/layout/site-settings-context';
import { passwordRuleText } from '@/lib/auth/password-rule';
import { useChangePasswordForm, type PasswordFields } from './use-change-password-form';

const FIELDS: { field: keyof PasswordFields; label: string; autoComplete: string; hasRule?: boolean }[] = [
  { field: 'oldPassword', label: '原密码', autoComplete: 'current-password' },
  { field: 'newPassword', label: '新密码', autoComplete: 'new-password', hasRule: true },
  { field: 'confirmPassword', label: '确认新密码', autoComplete: 'new-password' },
];

export function ChangePasswordView() {
  const { user } = useSession();
  const site = useSiteSettings();
  const policy = { minLength: site.password_min_length, classes: site.password_classes };
  const { values, errors, isSubmitting, change, submit, reset } = useChangePasswordForm({ policy });
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardHeader
        title="修改密码"
        subheader="修改后，其他设备上的登录将失效，当前页面保持登录。"
        slotProps={{ title: { component: 'h1', variant: 'h6' } }}
      />
      <Divider />
      <CardContent>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label="修改密码"
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
        >
          {/* Tells password managers whose password this is. */}
          <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
          {FIELDS.map(({ field, label, autoComplete, hasRule }) => (
            <TextField
              key={field}
              type="password"
              label={label}
              required
              fullWidth
              autoComplete={autoComplete}
              value={values[field]}
              onChange={(event) => change(field, event.target.value)}
              error={Boolean(errors[field])}
              helperText={errors[field] ?? (hasRule ? passwordRuleText(policy) : undefined)}
            />
          ))}
          <Box sx={{ display: 'flex', gap: 1.5 }}>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              确认修改
            </Button>
            <Button type="button" variant="outlined" onClick={reset} disabled={isSubmitting}>
              重置
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
