'use client';

import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useId } from 'react';
import { FilePickButton } from '@/components/fields/primitives/FilePickButton';
import { UploadProgressList } from '@/components/fields/primitives/UploadProgressList';
import type { UploadTask } from '@/components/fields/upload/use-file-uploads';
import { fileNameOf } from './format-process';

type AttachmentsInputProps = {
  urls: readonly string[];
  onChange: (update: (previous: readonly string[]) => readonly string[]) => void;
  tasks: readonly UploadTask[];
  upload: (options: { file: File }) => Promise<string | null>;
  isDisabled?: boolean;
};

/** 附件: any files up to 20 MB each, uploaded as they are picked; each listed with a link and a remove button. */
export function AttachmentsInput({
  urls,
  onChange,
  tasks,
  upload,
  isDisabled = false,
}: AttachmentsInputProps) {
  const id = useId();
  const pick = (files: File[]) =>
    files.forEach(async (file) => {
      const url = await upload({ file });
      // Functional update: uploads finishing together must not overwrite each other.
      if (url) onChange((previous) => [...previous, url]);
    });

  return (
    <Box
      role="group"
      aria-labelledby={`${id}-label`}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <FormLabel id={`${id}-label`} sx={{ fontSize: '0.875rem' }}>
        附件
      </FormLabel>
      {urls.length > 0 && (
        <Box
          component="ul"
          aria-label="已上传的附件"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
        >
          {urls.map((url) => (
            <Box component="li" key={url} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <AttachFileRounded fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
              <Link href={url} target="_blank" rel="noopener" noWrap sx={{ minWidth: 0, flex: 1 }}>
                {fileNameOf(url)}
              </Link>
              <IconButton
                size="small"
                aria-label={`移除附件 ${fileNameOf(url)}`}
                disabled={isDisabled}
                onClick={() => onChange((previous) => previous.filter((kept) => kept !== url))}
              >
                <CloseRounded fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <FilePickButton
        label="上传附件"
        icon={<UploadFileRounded />}
        isMultiple
        inputLabel="上传附件"
        isDisabled={isDisabled}
        onFiles={pick}
      />
      <UploadProgressList tasks={tasks} />
      <FormHelperText sx={{ mt: 0 }}>文件类型不限，单个不超过 20 MB</FormHelperText>
    </Box>
  );
}
