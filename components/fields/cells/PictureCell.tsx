'use client';

import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useHasBeenTrue } from '@/components/common/use-has-been-true';
import { splitFileUrls } from '@/lib/fields/file-url';
import type { FieldCellProps } from '../field-props';

// The preview dialog comes with the first click on a thumbnail, not with the list.
const ImagePreviewDialog = dynamic(
  () => import('../primitives/ImagePreviewDialog').then((module) => module.ImagePreviewDialog),
  { ssr: false },
);

const THUMB = 40;
const MAX_THUMBS = 3;

/** img, one_picture and mult_pictures: 40px thumbnails; a click shows the picture large. */
export function PictureCell({ field, value }: FieldCellProps) {
  const urls = splitFileUrls(value);
  const [zoomed, setZoomed] = useState<string | null>(null);
  const hasZoomed = useHasBeenTrue(zoomed !== null);
  if (urls.length === 0) return null;
  const rest = urls.length - MAX_THUMBS;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {urls.slice(0, MAX_THUMBS).map((url, index) => (
        <ButtonBase
          key={url}
          aria-label={`查看${field.title}${urls.length > 1 ? `第 ${index + 1} 张` : ''}`}
          onClick={() => setZoomed(url)}
          sx={{ borderRadius: 0.5, overflow: 'hidden' }}
        >
          <Box
            component="img"
            src={url}
            alt=""
            loading="lazy"
            sx={{
              width: THUMB,
              height: THUMB,
              objectFit: 'cover',
              display: 'block',
              border: 1,
              borderColor: 'divider',
              borderRadius: 0.5,
            }}
          />
        </ButtonBase>
      ))}
      {rest > 0 && (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
          +{rest}
        </Box>
      )}
      {hasZoomed && <ImagePreviewDialog url={zoomed} onClose={() => setZoomed(null)} />}
    </Box>
  );
}
