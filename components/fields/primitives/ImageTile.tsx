'use client';

import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ZoomInRounded from '@mui/icons-material/ZoomInRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

// Image previews are 200×200 px.
export const PREVIEW_SIZE = 200;

type ImageTileProps = {
  url: string;
  alt: string;
  onRemove?: () => void;
  onZoom: () => void;
  isDisabled?: boolean;
  /** Extra controls in the corner (the drag handle of a sortable list). */
  extra?: ReactNode;
};

/** A 200x200 preview of an uploaded picture with 查看大图 and 删除. */
export function ImageTile({ url, alt, onRemove, onZoom, isDisabled = false, extra }: ImageTileProps) {
  return (
    <Box
      sx={{
        position: 'relative',
        width: PREVIEW_SIZE,
        height: PREVIEW_SIZE,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'background.subtle',
        '&:hover .tile-actions, &:focus-within .tile-actions': { opacity: 1 },
      }}
    >
      <Box
        component="img"
        src={url}
        alt={alt}
        sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
      />
      <Box
        className="tile-actions"
        sx={{
          position: 'absolute',
          inset: 'auto 0 0 0',
          display: 'flex',
          justifyContent: 'center',
          gap: 0.5,
          p: 0.5,
          bgcolor: 'rgba(0,0,0,0.45)',
          opacity: { xs: 1, md: 0 },
          transition: 'opacity .15s',
        }}
      >
        {extra}
        <Tooltip title="查看大图">
          <IconButton size="small" aria-label={`查看大图 ${alt}`} onClick={onZoom} sx={{ color: '#fff' }}>
            <ZoomInRounded fontSize="small" />
          </IconButton>
        </Tooltip>
        {onRemove && (
          <Tooltip title="删除">
            <IconButton
              size="small"
              aria-label={`删除 ${alt}`}
              onClick={onRemove}
              disabled={isDisabled}
              sx={{ color: '#fff' }}
            >
              <DeleteOutlineRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}
