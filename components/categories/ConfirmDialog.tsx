'use client';

import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type ConfirmDialogProps = {
  isOpen: boolean;
  message: string;
  title?: string;
  confirmText?: string;
  cancelText?: string;
  isBusy?: boolean;
  /** The button focused on open: 确定 for the spec's delete question, 取消 where confirming loses work. */
  focus?: 'confirm' | 'cancel';
  onConfirm: () => void;
  onCancel: () => void;
};

/** The spec's confirmation box (title 提示, 确定 / 取消); Escape and the backdrop count as 取消. */
export function ConfirmDialog({
  isOpen,
  message,
  title = '提示',
  confirmText = '确定',
  cancelText = '取消',
  isBusy = false,
  focus = 'confirm',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={isOpen}
      onClose={() => !isBusy && onCancel()}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-message"
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box sx={{ color: 'warning.main', display: 'flex', pt: 0.25 }}>
          <WarningAmberRounded />
        </Box>
        <DialogContentText id="confirm-dialog-message" sx={{ color: 'text.primary' }}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isBusy} autoFocus={focus === 'cancel'}>
          {cancelText}
        </Button>
        <Button variant="contained" onClick={onConfirm} loading={isBusy} autoFocus={focus === 'confirm'}>
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
