'use client';

import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatCount } from '@/components/news/format-count';
import type { ContentFields } from '@/lib/categories/content-fields';
import { downloadImportErrors, type ImportAnswer, type ImportStatus } from '@/lib/client/api/news-import';
import { Counts, ErrorTable } from './ImportAnswerParts';
import { ImportPreviewTable } from './ImportPreviewTable';
import type { OnError } from './ImportMappingStep';

// The 导入 dialog's last steps: 预检 (the dry run's counts, errors by row and column, and the
// preview of the rows as they would be saved), the progress of 导入, and its result.

const timeText = (seconds: number) => {
  const date = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** The answer needs 确认敏感词 before the rows with warn words can be imported. */
export const needsSensitiveConfirm = (answer: ImportAnswer | null) =>
  answer?.errors.some((error) => error.message.includes('需确认的词语')) ?? false;

function ErrorRowsDownload({ job, variant }: { job: string | null; variant: 'text' | 'outlined' }) {
  if (!job) return null;
  return (
    <Box>
      <Button
        variant={variant}
        startIcon={<FileDownloadOutlined />}
        onClick={() => void downloadImportErrors({ job })}
      >
        下载错误行
      </Button>
    </Box>
  );
}

export function ImportCheckStep({
  answer,
  fields,
  onError,
  allowRepeat,
  onAllowRepeatChange,
  sensitiveConfirmed,
  onSensitiveConfirmedChange,
  errorJob,
  isBusy,
}: {
  answer: ImportAnswer;
  fields: ContentFields;
  onError: OnError;
  allowRepeat: boolean;
  onAllowRepeatChange: (allow: boolean) => void;
  sensitiveConfirmed: boolean;
  onSensitiveConfirmedChange: (confirmed: boolean) => void;
  errorJob: string | null;
  /** A new 预检 is running. */
  isBusy: boolean;
}) {
  return (
    <>
      <Counts answer={answer} />
      {answer.repeat_of && (
        <Alert severity="warning">
          <AlertTitle>这个文件导入过</AlertTitle>
          已于 {timeText(answer.repeat_of.imported_at)} 由 {answer.repeat_of.username || '系统'}{' '}
          导入到本栏目。
          <FormControlLabel
            sx={{ display: 'flex', mt: 0.5 }}
            control={
              <Checkbox
                checked={allowRepeat}
                onChange={(event) => onAllowRepeatChange(event.target.checked)}
              />
            }
            label="仍要再次导入"
          />
        </Alert>
      )}
      {answer.errors_total > 0 ? (
        <Alert severity={onError === 'all' ? 'error' : 'warning'}>
          {onError === 'all'
            ? `${formatCount(answer.skipped)} 行有错误：修改文件后重新选择，或在上一步选「跳过错误行」。`
            : `${formatCount(answer.skipped)} 行有错误，导入时会跳过，其余 ${formatCount(answer.valid)} 行照常导入。`}
        </Alert>
      ) : (
        <Alert severity="success">没有发现错误，可以导入。</Alert>
      )}
      {needsSensitiveConfirm(answer) && (
        <FormControlLabel
          control={
            <Checkbox
              checked={sensitiveConfirmed}
              onChange={(event) => onSensitiveConfirmedChange(event.target.checked)}
            />
          }
          label="已确认需提醒的敏感词无误（确认后再预检一次）"
        />
      )}
      <ErrorTable answer={answer} />
      {answer.errors_total > 0 && <ErrorRowsDownload job={errorJob} variant="text" />}
      <ImportPreviewTable answer={answer} fields={fields} isLoading={isBusy} />
    </>
  );
}

export function ImportProgressStep({ status }: { status: ImportStatus | null }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="body2">
        {status?.phase === 'write'
          ? `正在写入 ${formatCount(status.done)} / ${formatCount(status.total)} 行…`
          : status?.phase === 'check'
            ? `正在检查 ${formatCount(status.done)} / ${formatCount(status.total)} 行…`
            : '正在读取文件…'}
      </Typography>
      <LinearProgress
        aria-label="导入进度"
        variant={status && status.total > 0 ? 'determinate' : 'indeterminate'}
        value={status && status.total > 0 ? (100 * status.done) / status.total : undefined}
      />
    </Box>
  );
}

export function ImportResultStep({ result, errorJob }: { result: ImportAnswer; errorJob: string | null }) {
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity={result.skipped > 0 ? 'warning' : 'success'}>
        <AlertTitle>导入完成</AlertTitle>
        新增 {formatCount(result.created)} 条，更新 {formatCount(result.updated)} 条
        {result.unchanged ? `，${formatCount(result.unchanged)} 条无变化` : ''}
        {result.skipped ? `，跳过 ${formatCount(result.skipped)} 行` : ''}。
      </Alert>
      <ErrorTable answer={result} />
      {result.skipped > 0 && <ErrorRowsDownload job={errorJob} variant="outlined" />}
    </Box>
  );
}
