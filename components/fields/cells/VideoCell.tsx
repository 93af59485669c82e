'use client';

import PlayCircleOutlineRounded from '@mui/icons-material/PlayCircleOutlineRounded';
import Button from '@mui/material/Button';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useHasBeenTrue } from '@/components/common/use-has-been-true';
import type { FieldCellProps } from '../field-props';
import { asText } from '../primitives/read-value';

// The player's dialog comes with the first 播放, not with the list.
const VideoPlayerDialog = dynamic(
  () => import('../primitives/VideoPlayerDialog').then((module) => module.VideoPlayerDialog),
  { ssr: false },
);

/** one_video: a 播放 button that opens the player. */
export function VideoCell({ field, value }: FieldCellProps) {
  const url = asText(value);
  const [isOpen, setIsOpen] = useState(false);
  const hasOpened = useHasBeenTrue(isOpen);
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
      {hasOpened && (
        <VideoPlayerDialog url={url} title={field.title} isOpen={isOpen} onClose={() => setIsOpen(false)} />
      )}
    </>
  );
}
