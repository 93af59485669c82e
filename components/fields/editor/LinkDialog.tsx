'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

type LinkDialogProps = {
  initialUrl: string;
  onApply: (url: string) => void;
  onRemove: () => void;
  onClose: () => void;
};

// Only what the server's sanitiser keeps: http(s), mailto, tel, and site paths.
const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/)/i;

/** Asks for the address of a link on the selected text. The caller puts the cursor back in the editor. */
export function LinkDialog({ initialUrl, onApply, onRemove, onClose }: LinkDialogProps) {
  const [url, setUrl] = useState(initialUrl);
  const trimmed = url.trim();
  const error =
    trimmed && !SAFE_URL.test(trimmed) && !/^[\w.-]+\.[a-z]{2,}/i.test(trimmed)
      ? '请输入以 http://、https://、mailto: 或 / 开头的地址'
      : undefined;
  const apply = () => {
    if (!trimmed || error) return;
    onApply(SAFE_URL.test(trimmed) ? trimmed : `https://${trimmed}`);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="link-dialog-title"
      disableRestoreFocus
    >
      <DialogTitle id="link-dialog-title">插入链接</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label="链接地址"
          placeholder="https://"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          error={Boolean(error)}
          helperText={error}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        {initialUrl && (
          <Button color="error" onClick={onRemove} sx={{ mr: 'auto' }}>
            移除链接
          </Button>
        )}
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={apply} disabled={!trimmed || Boolean(error)}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}
