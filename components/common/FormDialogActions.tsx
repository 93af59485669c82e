'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';

/**
 * 取消 / 确定 of a form dialog; 确定 submits `formId`, waits for uploads and spins while saving.
 * `start`: buttons of the form's own on the left (检测).
 */
export function FormDialogActions({
  formId,
  onCancel,
  isSaving,
  isUploading,
  isDisabled = false,
  start,
  keyShortcuts,
}: {
  formId: string;
  onCancel: () => void;
  isSaving: boolean;
  isUploading: boolean;
  isDisabled?: boolean;
  start?: ReactNode;
  /** The keys that also press 确定 (aria-keyshortcuts), e.g. 'Control+Enter Meta+Enter'. */
  keyShortcuts?: string;
}) {
  return (
    <DialogActions sx={{ px: 3, py: 1.5 }}>
      {start && <Box sx={{ mr: 'auto', display: 'flex', gap: 1 }}>{start}</Box>}
      <Button
        variant="outlined"
        color="inherit"
        sx={{ borderColor: 'divider' }}
        onClick={onCancel}
        disabled={isSaving}
      >
        取消
      </Button>
      <Button
        type="submit"
        form={formId}
        variant="contained"
        loading={isSaving}
        disabled={isDisabled || isUploading}
        aria-keyshortcuts={keyShortcuts}
      >
        {isUploading ? '文件上传中…' : '确定'}
      </Button>
    </DialogActions>
  );
}
