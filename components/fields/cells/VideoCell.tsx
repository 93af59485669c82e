'use client';

import PlayCircleOutlineRounded from '@mui/icons-material/PlayCircleOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import { useState } from 'react';
import type { FieldCellProps } from '../field-props';
import { asText } from '../primitives/read-value';

/** one_video: a 播放 button that opens the player. */
export function VideoCell({ field, value }: FieldCellProps) {
  const url = asText(value);
  const [isOpen, setIsOpen] = useState(false);
  if (!url) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<PlayCircleOutlineRounded />}
        aria-label={`播放${field.title}`}
        onClick={() => setIsOpen(true)}
      >
        播放
      </Button>
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} maxWidth="md" aria-label={field.title}>
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
    </>
  );
}
