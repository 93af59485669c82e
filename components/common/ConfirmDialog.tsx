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

export type ConfirmDialogProps = {
  isOpen: boolean;
  message: string;
  title?: string;
  confirmText?: string;
  cancelText?: string;
  /** The confirm button in the error colour (a delete). */
  isDanger?: boolean;
  /** While the confirmed action runs: the confirm button spins, nothing else can be pressed. */
  isBusy?: boolean;
  /** The button focused on open: 确定 for a question, 取消 where confirming loses work. */
  focus?: 'confirm' | 'cancel';
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The confirmation box of every screen: title 提示, a warning icon, the question, 取消 and 确定
 * (texts can be changed). Escape and the backdrop count as 取消. An alertdialog, named by its title.
 */
export function ConfirmDialog({
  isOpen,
  message,
  title = '提示',
  confirmText = '确定',
  cancelText = '取消',
  isDanger = false,
  isBusy = false,
  focus = 'confirm',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={() => !isBusy && onCancel()}
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
          onClick={onCancel}
          disabled={isBusy}
          autoFocus={focus === 'cancel'}
        >
          {cancelText}
        </Button>
        <Button
          variant="contained"
          color={isDanger ? 'error' : 'primary'}
          onClick={onConfirm}
          loading={isBusy}
          autoFocus={focus === 'confirm'}
        >
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
