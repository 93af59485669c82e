'use client';

import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import VideoCallOutlined from '@mui/icons-material/VideoCallOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FieldWidgetProps } from '../field-props';
import { FieldFrame } from '../primitives/FieldFrame';
import { FilePickButton } from '../primitives/FilePickButton';
import { UploadProgressList } from '../primitives/UploadProgressList';
import { acceptOf } from '../upload/check-file';
import { useSingleFile } from '../upload/use-single-file';

const KIND = 'video';

/** one_video: one mp4, with a player to check it. */
export function VideoWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  const { url, tasks, isUploading, pick, remove } = useSingleFile({ kind: KIND, value, onChange });

  return (
    <FieldFrame field={field} path={path} error={error} hint="仅支持 mp4，不超过 20 MB">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {url ? (
          <>
            <Box
              component="video"
              src={url}
              controls
              preload="metadata"
              aria-label={field.title}
              sx={{ width: 360, maxWidth: '100%', aspectRatio: '16 / 9', bgcolor: '#000', borderRadius: 1 }}
            />
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineRounded />}
              onClick={remove}
              disabled={isDisabled}
              sx={{ alignSelf: 'flex-start' }}
            >
              删除视频
            </Button>
          </>
        ) : (
          <FilePickButton
            label="上传视频"
            icon={<VideoCallOutlined />}
            accept={acceptOf({ kind: KIND })}
            inputLabel={`上传${field.title}`}
            isDisabled={isDisabled || isUploading}
            onFiles={pick}
          />
        )}
        <UploadProgressList tasks={tasks} />
      </Box>
    </FieldFrame>
  );
}
