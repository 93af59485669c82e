'use client';

import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { showToast, TOAST_MS } from '@/lib/client/toast';
import { useState } from 'react';
import { requestDeleteUploadedFile } from '@/lib/client/api/uploads';
import { splitFileUrls } from '@/lib/fields/file-url';
import { DEFAULT_PICTURE_LIMIT } from '@/lib/fields/types/media';
import type { FieldWidgetProps } from '../field-props';
import { FieldFrame } from '../primitives/FieldFrame';
import { FilePickButton } from '../primitives/FilePickButton';
import { ImagePreviewDialog } from '../primitives/ImagePreviewDialog';
import { UploadProgressList } from '../primitives/UploadProgressList';
import { acceptOf } from '../upload/check-file';
import { useFileUploads } from '../upload/use-file-uploads';
import { SortablePicture } from './SortablePicture';

const KIND = 'image';

/** Several pictures, stored as one comma-joined string of urls; drag to reorder. */
export function MultPicturesWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  const urls = splitFileUrls(value);
  const limit = field.limit || DEFAULT_PICTURE_LIMIT;
  const { tasks, upload } = useFileUploads({ kind: KIND });
  const [zoomed, setZoomed] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const room = limit - urls.length - tasks.length;

  const pick = async (files: File[]) => {
    if (files.length > room)
      showToast(`最多只能上传 ${limit} 张图片`, { variant: 'warning', autoHideDuration: TOAST_MS });
    const uploaded = await Promise.all(files.slice(0, Math.max(room, 0)).map((file) => upload({ file })));
    const added = uploaded.filter((url): url is string => Boolean(url));
    // Functional, and in the order chosen: the list may have changed while the files were sent.
    if (added.length > 0) onChange((previous: unknown) => [...splitFileUrls(previous), ...added].join(','));
  };
  const remove = (url: string) => {
    onChange((previous: unknown) =>
      splitFileUrls(previous)
        .filter((item) => item !== url)
        .join(','),
    );
    void requestDeleteUploadedFile({ url });
  };
  const move = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(urls, urls.indexOf(String(active.id)), urls.indexOf(String(over.id))).join(','));
  };

  return (
    <FieldFrame
      field={field}
      path={path}
      error={error}
      hint={`最多 ${limit} 张，已上传 ${urls.length} 张；拖动图片左下角的手柄可调整顺序`}
    >
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={move}>
        <SortableContext items={urls} strategy={rectSortingStrategy}>
          <Box
            component="ul"
            aria-label={`${field.title}列表`}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, p: 0 }}
          >
            {urls.map((url, index) => (
              <SortablePicture
                key={url}
                url={url}
                alt={`${field.title}第 ${index + 1} 张`}
                onZoom={() => setZoomed(url)}
                onRemove={() => remove(url)}
                isDisabled={isDisabled}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      <Box sx={{ mt: urls.length ? 1.5 : 0 }}>
        <FilePickButton
          label={`上传图片（${urls.length}/${limit}）`}
          icon={<AddPhotoAlternateOutlined />}
          accept={acceptOf({ kind: KIND })}
          isMultiple
          inputLabel={`上传${field.title}`}
          isDisabled={isDisabled || room <= 0}
          onFiles={pick}
        />
      </Box>
      <UploadProgressList tasks={tasks} />
      <ImagePreviewDialog url={zoomed} onClose={() => setZoomed(null)} />
    </FieldFrame>
  );
}
