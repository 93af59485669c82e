'use client';

import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FileDropZone } from '@/components/common/FileDropZone';
import { formatCount } from '@/components/news/format-count';
import { levelLabel } from '@/components/sensitive/hit-text';
import type { SensitiveImportResult } from '@/lib/client/api/sensitive';
import { SENSITIVE_LEVELS, type SensitiveLevel } from '@/lib/sensitive/levels';

// The two faces of the 敏感词 导入 dialog (SensitiveImportDialog.tsx): choosing the file, and what
// the import added and skipped.

/** What an import added, and the lines it skipped with their reasons. */
export function ImportResult({ result }: { result: SensitiveImportResult }) {
  const resultId = useId();
  const hasSkipped = result.skipped_total > 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} role="status" aria-labelledby={resultId}>
      <Alert
        severity={result.added > 0 ? 'success' : 'warning'}
        icon={result.added > 0 ? <CheckCircleOutlineRounded /> : undefined}
      >
        <AlertTitle id={resultId}>
          已导入 {formatCount(result.added)} 个词语
          {hasSkipped ? `，跳过 ${formatCount(result.skipped_total)} 行` : ''}
        </AlertTitle>
        {hasSkipped
          ? '跳过的行没有导入，原因见下表；改好后可以只导入这些行。'
          : '文件中的每一行都已导入，保存内容时立即按新词表检查。'}
      </Alert>
      {hasSkipped && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320, overflow: 'auto' }}>
          <Table size="small" stickyHeader aria-label="跳过的行">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap', width: 80 }}>行号</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>原因</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.skipped.map((row) => (
                <TableRow key={row.line}>
                  <TableCell>第 {row.line} 行</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {result.skipped_total > result.skipped.length && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          只列出前 {formatCount(result.skipped.length)} 行。
        </Typography>
      )}
    </Box>
  );
}

/**
 * The file to import (选择文件, or dropped on the box) and, for the deny list, the level of lines
 * that name none. The file input is kept here; `onChoose` judges the file.
 */
export function ImportChooser({
  isDeny,
  file,
  isUploading,
  onChoose,
  level,
  onLevel,
}: {
  isDeny: boolean;
  file: File | null;
  isUploading: boolean;
  onChoose: (file: File | undefined) => void;
  level: SensitiveLevel;
  onLevel: (level: SensitiveLevel) => void;
}) {
  return (
    <>
      <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
        <Box component="p" sx={{ m: 0 }}>
          .txt 或 .csv 文件，每行一个词语
          {isDeny
            ? '，也可以写成「词语,级别,替换为,说明」（级别写 禁止 / 提醒 / 替换 或 block / warn / replace）'
            : '，也可以写成「词语,,,说明」'}
          。第一行是「词语,…」或「word,…」时当作表头。
        </Box>
        <Box component="p" sx={{ m: 0, mt: 0.5 }}>
          UTF-8 或 GB18030（GBK）编码，不超过 5 MB。已有的词语和文件里重复的行会跳过，并说明是哪一行。
        </Box>
      </Typography>
      <FileDropZone
        file={file}
        accept=".txt,.csv,text/plain,text/csv"
        isBusy={isUploading}
        onChoose={onChoose}
      />
      {isDeny && (
        <TextField
          select
          label="未写级别的行"
          value={level}
          onChange={(event) => onLevel(event.target.value as SensitiveLevel)}
          sx={{ maxWidth: 240 }}
          helperText="文件中没有写级别的词语按此级别导入"
        >
          {SENSITIVE_LEVELS.map((option) => (
            <MenuItem key={option} value={option}>
              {levelLabel(option)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
