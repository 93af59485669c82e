'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/client/api/core';
import {
  requestConfirmTwoFactor,
  requestStartTwoFactor,
  type TwoFactorSetup,
} from '@/lib/client/api/two-factor';
import { CodeField } from './CodeField';
import { RecoveryCodesList } from './RecoveryCodesList';

type Props = { isOpen: boolean; username: string; onClose: () => void; onEnabled: () => void };

/**
 * 开启两步验证: scan the QR code (or type the key) into an authenticator app, confirm with a code,
 * then the recovery codes, shown this once. The secret is never asked for again.
 */
export function TwoFactorSetupDialog({ isOpen, username, onClose, onEnabled }: Props) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    setSetup(null);
    setCode('');
    setError(null);
    setCodes(null);
    requestStartTwoFactor()
      .then(({ data }) => setSetup(data))
      .catch(onClose); // The API client has shown why.
  }, [isOpen, onClose]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError('请输入验证器中显示的 6 位数字');
      return;
    }
    setIsSaving(true);
    try {
      const { data } = await requestConfirmTwoFactor(code.trim());
      setCodes(data.recovery_codes);
      onEnabled();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : '开启失败，请重试');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Dialog
      open={isOpen}
      onClose={() => !isSaving && !codes && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby="two-factor-setup-title"
    >
      <DialogTitle id="two-factor-setup-title">{codes ? '保存恢复码' : '开启两步验证'}</DialogTitle>
      <DialogContent>
        {codes ? (
          <RecoveryCodesList codes={codes} username={username} />
        ) : (
          <Box
            component="form"
            id="two-factor-setup-form"
            noValidate
            onSubmit={confirm}
            sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 3, alignItems: 'center' }}
          >
            {setup ? (
              <Box
                component="img"
                src={setup.qr}
                alt="两步验证二维码"
                sx={{
                  width: 196,
                  height: 196,
                  flex: 'none',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                }}
              />
            ) : (
              <Skeleton variant="rectangular" width={196} height={196} sx={{ flex: 'none' }} />
            )}
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0, width: '100%' }}>
              <Typography variant="body2">
                1. 用手机上的验证器应用（如 Google Authenticator、Microsoft
                Authenticator、FreeOTP）扫描二维码； 无法扫描时，手动输入下面的密钥。
              </Typography>
              <Typography
                data-testid="two-factor-key"
                sx={{
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  px: 1.5,
                  py: 1,
                  wordBreak: 'break-all',
                  userSelect: 'all',
                }}
              >
                {setup?.secret ?? '…'}
              </Typography>
              <Typography variant="body2">2. 输入应用中显示的 6 位验证码完成开启。</Typography>
              <CodeField
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setError(null);
                }}
                error={error}
                autoFocus={false}
              />
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {codes ? (
          <Button variant="contained" onClick={onClose}>
            我已保存，完成
          </Button>
        ) : (
          <>
            <Button variant="outlined" color="inherit" onClick={onClose} disabled={isSaving}>
              取消
            </Button>
            <Button
              type="submit"
              form="two-factor-setup-form"
              variant="contained"
              loading={isSaving}
              disabled={!setup}
            >
              确认开启
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
