'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ViewLoading } from '@/components/common/ViewLoading';
import { SystemSetForm } from '@/components/settings/SystemSetForm';
import { useSystemSetForm } from '@/components/settings/use-system-set-form';

/** /system/set 系统设置. */
export function SystemSetView() {
  const state = useSystemSetForm();
  if (state.load.status === 'loading') return <ViewLoading label="正在加载系统设置…" />;
  if (state.load.status === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={state.retry}>
            重试
          </Button>
        }
      >
        系统设置加载失败
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h1" variant="h6" sx={{ fontWeight: 600 }}>
        系统设置
      </Typography>
      <SystemSetForm state={state} />
    </Box>
  );
}
