'use client';

import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { ConfirmDialogState } from './use-confirm';

/** The 提示 dialog: a question, 确定 and 取消 (Esc and the backdrop mean 取消). */
export function ConfirmDialog({
  title = '提示',
  message,
  confirmText = '确定',
  isDanger = false,
  isOpen,
  onAnswer,
}: ConfirmDialogState) {
  const id = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={() => onAnswer(false)}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      role="alertdialog"
    >
      <DialogTitle id={`${id}-title`} sx={{ pb: 1 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <WarningAmberRounded sx={{ color: 'warning.main', mt: 0.25 }} aria-hidden />
          <DialogContentText id={`${id}-message`} sx={{ color: 'text.primary' }}>
            {message}
          </DialogContentText>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          variant="outlined"
          color="inherit"
          sx={{ borderColor: 'divider' }}
          onClick={() => onAnswer(false)}
        >
          取消
        </Button>
        <Button
          variant="contained"
          color={isDanger ? 'error' : 'primary'}
          onClick={() => onAnswer(true)}
          autoFocus
        >
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
