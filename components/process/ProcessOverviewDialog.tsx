'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import dynamic from 'next/dynamic';
import { useId } from 'react';

// The drawing loads only when asked for: it does not weigh on the list page.
const ProcessFlowOverview = dynamic(
  () => import('./ProcessFlowOverview').then((mod) => mod.ProcessFlowOverview),
  {
    ssr: false,
    loading: () => <Skeleton variant="rounded" height={180} aria-label="流程总览加载中" />,
  },
);

type ProcessOverviewDialogProps = {
  isOpen: boolean;
  classId: number;
  name: string;
  version: number;
  onClose: () => void;
};

/** 流程总览: the category-wide drawing in a dialog (full screen on a phone). */
export function ProcessOverviewDialog({
  isOpen,
  classId,
  name,
  version,
  onClose,
}: ProcessOverviewDialogProps) {
  const titleId = useId();
  const isNarrow = useMediaQuery('(max-width:599.95px)');
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={isNarrow}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        流程总览
      </DialogTitle>
      <IconButton aria-label="关闭" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseRounded />
      </IconButton>
      <DialogContent dividers>
        {isOpen && <ProcessFlowOverview classId={classId} name={name} version={version} />}
      </DialogContent>
    </Dialog>
  );
}
