'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
  return <SystemSetForm state={state} />;
}
