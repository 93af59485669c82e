'use client';

import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ImageTile } from '../primitives/ImageTile';

type SortablePictureProps = {
  url: string;
  alt: string;
  onZoom: () => void;
  onRemove: () => void;
  isDisabled?: boolean;
};

/** A picture of a mult_pictures field that can be dragged (or moved with the keyboard) by its handle. */
export function SortablePicture({ url, alt, onZoom, onRemove, isDisabled = false }: SortablePictureProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: url, disabled: isDisabled });
  return (
    <Box
      ref={setNodeRef}
      component="li"
      data-picture-url={url}
      sx={{
        listStyle: 'none',
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : 1,
      }}
    >
      <ImageTile
        url={url}
        alt={alt}
        onZoom={onZoom}
        onRemove={onRemove}
        isDisabled={isDisabled}
        extra={
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            {...attributes}
            {...listeners}
            aria-label={`拖动排序 ${alt}`}
            aria-roledescription="可排序的图片"
            sx={{ color: '#fff', cursor: 'grab', touchAction: 'none' }}
          >
            <DragIndicatorRounded fontSize="small" />
          </IconButton>
        }
      />
    </Box>
  );
}
