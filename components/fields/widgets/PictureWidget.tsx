'use client';

import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import { useState } from 'react';
import type { FieldWidgetProps } from '../field-props';
import { FieldFrame } from '../primitives/FieldFrame';
import { FilePickButton } from '../primitives/FilePickButton';
import { ImagePreviewDialog } from '../primitives/ImagePreviewDialog';
import { ImageTile } from '../primitives/ImageTile';
import { UploadProgressList } from '../primitives/UploadProgressList';
import { acceptOf } from '../upload/check-file';
import { useSingleFile } from '../upload/use-single-file';

const KIND = 'image';

/** img and one_picture: one picture (limit 1), previewed at 200x200. */
export function PictureWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  const { url, tasks, isUploading, pick, remove } = useSingleFile({ kind: KIND, value, onChange });
  const [zoomed, setZoomed] = useState<string | null>(null);

  return (
    <FieldFrame
      field={field}
      path={path}
      error={error}
      hint="支持 png、jpg、jpeg、gif、bmp、jfif，不超过 20 MB"
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {url ? (
          <ImageTile
            url={url}
            alt={field.title}
            onZoom={() => setZoomed(url)}
            onRemove={remove}
            isDisabled={isDisabled}
          />
        ) : (
          <FilePickButton
            label="上传图片"
            icon={<AddPhotoAlternateOutlined />}
            accept={acceptOf({ kind: KIND })}
            inputLabel={`上传${field.title}`}
            isDisabled={isDisabled || isUploading}
            onFiles={pick}
          />
        )}
        <UploadProgressList tasks={tasks} />
      </Box>
      <ImagePreviewDialog url={zoomed} onClose={() => setZoomed(null)} />
    </FieldFrame>
  );
}
