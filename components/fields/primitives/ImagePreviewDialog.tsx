'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';

/** A picture at its own size (within the window), for a thumbnail that was clicked. */
export function ImagePreviewDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(url)} onClose={onClose} maxWidth={false} aria-label="图片预览">
      <IconButton
        aria-label="关闭预览"
        onClick={onClose}
        sx={{
          position: 'absolute',
          top: 4,
          right: 4,
          bgcolor: 'rgba(255,255,255,0.8)',
          '&:hover': { bgcolor: '#fff' },
        }}
      >
        <CloseRounded />
      </IconButton>
      {url && (
        <Box
          component="img"
          src={url}
          alt="图片预览"
          sx={{ display: 'block', maxWidth: '90vw', maxHeight: '85vh', objectFit: 'contain' }}
        />
      )}
    </Dialog>
  );
}
