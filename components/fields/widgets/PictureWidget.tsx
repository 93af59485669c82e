'use client';

import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { removeUploadedFile } from '@/lib/client/upload';
import type { FieldWidgetProps } from '../field-props';
import { FieldFrame } from '../primitives/FieldFrame';
import { FilePickButton } from '../primitives/FilePickButton';
import { ImagePreviewDialog } from '../primitives/ImagePreviewDialog';
import { ImageTile } from '../primitives/ImageTile';
import { asText } from '../primitives/read-value';
import { UploadProgressList } from '../primitives/UploadProgressList';
import { acceptOf } from '../upload/check-file';
import { useFileUploads } from '../upload/use-file-uploads';

const KIND = 'image';

/** img and one_picture: one picture (limit 1), previewed at 200x200. */
export function PictureWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  const url = asText(value);
  const { tasks, upload, isUploading } = useFileUploads({ kind: KIND });
  const [zoomed, setZoomed] = useState<string | null>(null);

  const pick = async ([file]: File[]) => {
    const uploaded = await upload({ file });
    if (uploaded) onChange(uploaded);
  };
  const remove = () => {
    onChange('');
    void removeUploadedFile({ url });
  };

  return (
    <FieldFrame field={field} path={path} error={error} hint="支持 png、jpg、jpeg、gif、bmp、jfif，不超过 20 MB">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {url ? (
          <ImageTile url={url} alt={field.title} onZoom={() => setZoomed(url)} onRemove={remove} isDisabled={isDisabled} />
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
