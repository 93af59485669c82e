'use client';

import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/** 取消 / 确定 of a form dialog; 确定 submits `formId`, waits for uploads and spins while saving. */
export function FormDialogActions({
  formId,
  onCancel,
  isSaving,
  isUploading,
  isDisabled = false,
}: {
  formId: string;
  onCancel: () => void;
  isSaving: boolean;
  isUploading: boolean;
  isDisabled?: boolean;
}) {
  return (
    <DialogActions sx={{ px: 3, py: 1.5 }}>
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
      >
        {isUploading ? '文件上传中…' : '确定'}
      </Button>
    </DialogActions>
  );
}
