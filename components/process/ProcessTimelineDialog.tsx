'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { showToast, TOAST_MS } from '@/lib/client/toast';
import { useId } from 'react';
import { ProcessTimeline } from './ProcessTimeline';
import { missingBefore } from './step-state';
import { useItemProcess } from './use-item-process';
import type { ProcessItem } from './use-process-panel';

type ProcessTimelineDialogProps = {
  item: ProcessItem | null;
  version: number;
  onClose: () => void;
  onFill: (options: { item: ProcessItem; process: number }) => void;
};

/** 填写流程: the item's steps as a timeline; a step opens its record form once every earlier step is filled in. */
export function ProcessTimelineDialog({ item, version, onClose, onFill }: ProcessTimelineDialogProps) {
  const titleId = useId();
  // Below 600 px the timeline takes the whole screen, as the other dialogs with lists do.
  const isPhone = useMediaQuery('(max-width:599.95px)');
  const { steps, latestByStep } = useItemProcess({ newsId: item?.id ?? null, version });

  const choose = (index: number) => {
    if (!item || !steps) return;
    const missing = missingBefore({ steps, index });
    if (missing) {
      showToast(`请先填写:${missing.content}`, {
        variant: 'warning',
        autoHideDuration: TOAST_MS,
        anchorOrigin: { vertical: 'top', horizontal: 'center' },
      });
      return;
    }
    onFill({ item, process: steps[index].id });
  };

  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      fullWidth
      fullScreen={isPhone}
      maxWidth="xs"
      scroll="paper"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        填写流程
        {item && (
          <Typography
            variant="body2"
            component="span"
            sx={{ display: 'block', color: 'text.secondary' }}
            noWrap
          >
            {item.title}
          </Typography>
        )}
      </DialogTitle>
      <IconButton aria-label="关闭" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseRounded />
      </IconButton>
      <DialogContent dividers>
        <ProcessTimeline steps={steps} latestByStep={latestByStep} onChoose={choose} />
      </DialogContent>
    </Dialog>
  );
}
