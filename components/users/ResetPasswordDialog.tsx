'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { ApiError, SESSION_END_CODES, showSuccessMessage } from '@/lib/client/api/core';
import { openReloginDialog } from '@/lib/client/relogin-store';
import { usePasswordRuleText } from '@/components/layout/site-settings-context';
import type { UserRow } from '@/lib/users/schemas';
import { requestResetPassword } from '@/lib/client/api/users';

type ResetPasswordDialogProps = { user: UserRow | null; onClose: () => void };

/** 重置密码: a new password for another user; their sessions end and they sign in with it. */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const passwordRule = usePasswordRuleText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    setPassword('');
    setError(null);
  }, [user]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!user) return;
    if (!password) {
      setError('请输入新密码');
      return;
    }
    setIsSaving(true);
    try {
      showSuccessMessage(await requestResetPassword({ id: user.id, password }));
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : '重置失败');
      if (failure instanceof ApiError && SESSION_END_CODES.has(failure.code)) openReloginDialog();
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Dialog
      open={Boolean(user)}
      onClose={() => !isSaving && onClose()}
      fullWidth
      maxWidth="xs"
      aria-labelledby="reset-title"
    >
      <DialogTitle id="reset-title">重置密码</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          为「{user?.name || user?.username}」设置新密码。重置后该用户的所有登录立即失效。
        </DialogContentText>
        <form id="reset-password-form" noValidate onSubmit={submit}>
          <TextField
            label="新密码"
            type="password"
            required
            fullWidth
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? passwordRule}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSaving}>
          取消
        </Button>
        <Button type="submit" form="reset-password-form" variant="contained" loading={isSaving}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}
