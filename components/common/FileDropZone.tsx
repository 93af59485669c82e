'use client';

import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';

// The file box of the import dialogs (内容 导入: components/news/import/ImportFileStep.tsx, 敏感词
// 导入: components/sensitive-words/SensitiveImportParts.tsx): 选择文件, or a file dropped on the box
// (outlined while one is dragged over it), and the chosen file's name and size. The caller judges
// the file (`onChoose`).

export const fileSizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function FileDropZone({
  file,
  accept,
  isBusy,
  onChoose,
  inputLabel,
  testId,
}: {
  file: File | null;
  /** The file input's `accept`. */
  accept: string;
  isBusy: boolean;
  onChoose: (file: File | undefined) => void;
  /** The hidden file input's accessible name. */
  inputLabel?: string;
  testId?: string;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  return (
    <Box
      data-testid={testId}
      onDragOver={(event) => {
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setIsDragging(false);
        onChoose(event.dataTransfer.files[0]);
      }}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        p: 2,
        border: 1,
        borderStyle: 'dashed',
        borderColor: isDragging ? 'primary.main' : 'divider',
        bgcolor: isDragging ? 'action.hover' : undefined,
        borderRadius: 1,
      }}
    >
      <input
        ref={inputRef}
        id={`${id}-file`}
        type="file"
        aria-label={inputLabel}
        accept={accept}
        hidden
        onChange={(event) => onChoose(event.target.files?.[0])}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        onClick={() => inputRef.current?.click()}
        disabled={isBusy}
      >
        选择文件
      </Button>
      <Typography variant="body2" aria-live="polite" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {file ? `${file.name}（${fileSizeText(file.size)}）` : '未选择文件，也可以把文件拖到这里'}
      </Typography>
    </Box>
  );
}
