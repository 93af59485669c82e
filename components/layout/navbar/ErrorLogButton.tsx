'use client';

import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@/components/common/LazyTooltip';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useHasBeenTrue } from '@/components/common/use-has-been-true';
import { errorLogStore, type ErrorLogEntry } from '@/lib/client/error-log-store';
import { useExternalStore } from '@/components/common/use-external-store';
import { useSiteSettings } from '../site-settings-context';

const ErrorLogDialog = dynamic(() => import('./ErrorLogDialog').then((module) => module.ErrorLogDialog), {
  ssr: false,
});

const NO_ENTRIES: readonly ErrorLogEntry[] = [];

/** Appears once an error has been captured (unless 系统设置 turns the error log off); the badge counts them. */
export function ErrorLogButton() {
  const { error_log: isEnabled } = useSiteSettings();
  const entries = useExternalStore({ store: errorLogStore, serverValue: NO_ENTRIES });
  const [isOpen, setIsOpen] = useState(false);
  const hasDialog = useHasBeenTrue(isOpen);
  if (!isEnabled || (entries.length === 0 && !isOpen)) return null;
  return (
    <>
      <Tooltip title="错误日志">
        <IconButton aria-label={`错误日志（${entries.length} 条）`} onClick={() => setIsOpen(true)}>
          <Badge badgeContent={entries.length} color="error" max={99}>
            <BugReportOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      {hasDialog && <ErrorLogDialog isOpen={isOpen} entries={entries} onClose={() => setIsOpen(false)} />}
    </>
  );
}
