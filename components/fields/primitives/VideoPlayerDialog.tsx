'use client';

import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';

/** A video played in a dialog, for the 播放 button of a one_video cell. */
export function VideoPlayerDialog({
  url,
  title,
  isOpen,
  onClose,
}: {
  url: string;
  title: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="md" aria-label={title}>
      {isOpen && (
        <Box
          component="video"
          src={url}
          controls
          autoPlay
          sx={{ display: 'block', maxWidth: '90vw', maxHeight: '80vh', bgcolor: '#000' }}
        />
      )}
    </Dialog>
  );
}
