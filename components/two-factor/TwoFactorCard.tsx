'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useSession } from '@/components/layout/session-context';
import { showSuccessMessage } from '@/lib/client/api/core';
import { formatDateTime } from '@/lib/fields/relative-time';
import {
  fetchTwoFactorStatus,
  requestDisableTwoFactor,
  requestRenewRecoveryCodes,
  type TwoFactorStatus,
} from '@/lib/client/api/two-factor';
import { RecoveryCodesList } from './RecoveryCodesList';
import { TwoFactorCodeDialog } from './TwoFactorCodeDialog';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';

const DISABLE = {
  title: '关闭两步验证',
  message: '关闭后登录只需密码，恢复码全部作废。请输入验证码确认。',
  confirmText: '关闭',
  isDanger: true,
};
const RENEW = {
  title: '重新生成恢复码',
  message: '生成新的 10 个恢复码，旧的恢复码随即失效。请输入验证码确认。',
  confirmText: '生成',
};

/** 个人中心's 两步验证: its state, and turning it on or off, or new recovery codes. */
export function TwoFactorCard() {
  const { user } = useSession();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [isSetupOpen, setIsSetupOpen] = useState(false);
  const [codeAction, setCodeAction] = useState<typeof DISABLE | typeof RENEW | null>(null);
  const [renewedCodes, setRenewedCodes] = useState<string[] | null>(null);

  const load = useCallback(async () => {
    try {
      setStatus(await fetchTwoFactorStatus());
    } catch {
      // Shown by the API client.
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const closeSetup = useCallback(() => setIsSetupOpen(false), []);

  const submitCode = async (code: string) => {
    if (codeAction === DISABLE) {
      showSuccessMessage(await requestDisableTwoFactor(code));
    } else {
      const { data, message } = await requestRenewRecoveryCodes(code);
      showSuccessMessage({ message });
      setRenewedCodes(data.recovery_codes);
    }
    setCodeAction(null);
    await load();
  };

  return (
    <Card variant="outlined" component="section" aria-label="两步验证">
      <CardHeader
        title="两步验证"
        subheader="登录时除密码外，还需输入手机验证器应用生成的验证码。"
        slotProps={{ title: { component: 'h2', variant: 'subtitle1' } }}
      />
      <Divider />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {status === null ? (
          <Typography sx={{ color: 'text.secondary' }}>加载中…</Typography>
        ) : (
          <>
            {status.required && !status.enabled && (
              <Alert severity="warning" data-testid="two-factor-required">
                您的角色要求开启两步验证。开启之前，除个人中心外的功能都不能使用。
              </Alert>
            )}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Chip
                label={status.enabled ? '已开启' : '未开启'}
                color={status.enabled ? 'success' : 'default'}
                size="small"
              />
              {status.enabled && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  开启于 {status.enabled_at ? formatDateTime({ time: status.enabled_at }) : '—'} · 剩余恢复码{' '}
                  {status.recovery_codes_left} 个
                </Typography>
              )}
            </Box>
            {status.enabled && status.recovery_codes_left <= 3 && (
              <Alert severity="info">恢复码所剩不多，建议重新生成并妥善保存。</Alert>
            )}
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              {status.enabled ? (
                <>
                  <Button variant="outlined" onClick={() => setCodeAction(RENEW)}>
                    重新生成恢复码
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    onClick={() => setCodeAction(DISABLE)}
                    disabled={status.required}
                  >
                    关闭两步验证
                  </Button>
                </>
              ) : (
                <Button variant="contained" onClick={() => setIsSetupOpen(true)}>
                  开启两步验证
                </Button>
              )}
            </Box>
            {status.enabled && status.required && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                您的角色要求使用两步验证，不能关闭；手机丢失时请用恢复码登录，或请管理员重置。
              </Typography>
            )}
          </>
        )}
      </CardContent>
      <TwoFactorSetupDialog
        isOpen={isSetupOpen}
        username={user.username}
        onClose={closeSetup}
        onEnabled={() => void load()}
      />
      <TwoFactorCodeDialog action={codeAction} onSubmit={submitCode} onClose={() => setCodeAction(null)} />
      <Dialog open={Boolean(renewedCodes)} fullWidth maxWidth="sm" aria-labelledby="renewed-codes-title">
        <DialogTitle id="renewed-codes-title">新的恢复码</DialogTitle>
        <DialogContent>
          {renewedCodes && <RecoveryCodesList codes={renewedCodes} username={user.username} />}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button variant="contained" onClick={() => setRenewedCodes(null)}>
            我已保存，完成
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
