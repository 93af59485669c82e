'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/client/api/core';
import { CodeField } from './CodeField';

type Props = {
  /** null: closed. */
  action: { title: string; message: string; confirmText: string; isDanger?: boolean } | null;
  onSubmit: (code: string) => Promise<void>;
  onClose: () => void;
};

/** Asks for a code of the authenticator (or a recovery code) before turning two-factor off and the like. */
export function TwoFactorCodeDialog({ action, onSubmit, onClose }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    setCode('');
    setError(null);
  }, [action]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('请输入验证码');
      return;
    }
    setIsSaving(true);
    try {
      await onSubmit(code.trim());
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : '操作失败，请重试');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Dialog
      open={Boolean(action)}
      onClose={() => !isSaving && onClose()}
      fullWidth
      maxWidth="xs"
      aria-labelledby="two-factor-code-title"
    >
      <DialogTitle id="two-factor-code-title">{action?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{action?.message}</DialogContentText>
        <form id="two-factor-code-form" noValidate onSubmit={submit}>
          <CodeField
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(null);
            }}
            error={error}
            allowsRecovery
          />
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={isSaving}>
          取消
        </Button>
        <Button
          type="submit"
          form="two-factor-code-form"
          variant="contained"
          color={action?.isDanger ? 'error' : 'primary'}
          loading={isSaving}
        >
          {action?.confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
