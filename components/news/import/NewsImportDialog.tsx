'use client';

import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useRef, useState } from 'react';
import { formatCount } from '@/components/news/format-count';
import {
  downloadImportErrors,
  downloadImportTemplate,
  fetchImportStatus,
  uploadImportNews,
  type ImportAnswer,
  type ImportStatus,
} from '@/lib/client/api/news-import';
import { showToast, TOAST_MS } from '@/lib/client/toast';
import { Counts, ErrorTable, headCell, tableBox } from './ImportAnswerParts';

const PHONE = '(max-width:599.95px)';
/** The server takes at most 20 MB; a bigger file is refused here at once. */
const MAX_BYTES = 20 * 1024 * 1024;
const STEPS = ['选择文件', '对应字段', '预检', '导入'] as const;
/** Field types an item can be found by when a row updates one (the server's KEY_TYPES). */
const KEY_TYPES = new Set([
  'id',
  'string',
  'int',
  'float',
  'out_auto',
  'select',
  'date',
  'datetime',
  'color',
]);
const POLL_MS = 400;

type Stage = 'file' | 'mapping' | 'check' | 'running' | 'done';
const STEP_OF: Record<Stage, number> = { file: 0, mapping: 1, check: 2, running: 3, done: 3 };

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const timeText = (seconds: number) => {
  const date = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

type BodyProps = {
  classId: number;
  name: string;
  titleId: string;
  onClose: () => void;
  onImported: () => void;
  /** The import is writing: the dialog must not close under it. */
  onRunningChange: (isRunning: boolean) => void;
};

function ImportBody({ classId, name, titleId, onClose, onImported, onRunningChange }: BodyProps) {
  const id = useId();
  const isPhone = useMediaQuery(PHONE);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [stage, setStage] = useState<Stage>('file');
  const [file, setFile] = useState<File | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [key, setKey] = useState('');
  const [onError, setOnError] = useState<'all' | 'skip'>('all');
  const [allowRepeat, setAllowRepeat] = useState(false);
  const [sensitiveConfirmed, setSensitiveConfirmed] = useState(false);
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const [errorJob, setErrorJob] = useState<string | null>(null);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!/\.(xlsx|csv)$/i.test(chosen.name)) {
      showToast('请选择 .xlsx 或 .csv 文件', { variant: 'error', autoHideDuration: TOAST_MS });
      return;
    }
    if (chosen.size > MAX_BYTES) {
      showToast('文件不能超过 20 MB', { variant: 'error', autoHideDuration: TOAST_MS });
      return;
    }
    setFile(chosen);
  };

  /** A dry run of the file as it stands (the mapping once chosen): every problem, nothing written. */
  const check = async ({ withMapping }: { withMapping: boolean }) => {
    if (!file) return null;
    setIsBusy(true);
    try {
      const { data } = await uploadImportNews({
        file,
        classId,
        mode: 'dry_run',
        onError,
        key,
        mapping: withMapping ? mapping : null,
        allowRepeat,
        sensitiveConfirmed,
        isBackground: false,
      });
      const done = data.state === 'done' ? (data as ImportAnswer) : await waitFor((data as ImportStatus).job);
      if (!done) return null;
      setAnswer(done);
      setErrorJob(done.job);
      return done;
    } catch {
      // The API client has said why (not an .xlsx, a repeated header …); nothing was written.
      return null;
    } finally {
      setIsBusy(false);
    }
  };

  /** Polls a job until it ends: its answer, or null when it failed (said in a toast). */
  const waitFor = async (job: string): Promise<ImportAnswer | null> => {
    for (;;) {
      const now = await fetchImportStatus({ job });
      setStatus(now);
      // The job's result is import_news's answer; its id is the job's.
      if (now.state === 'done') return now.result && { ...now.result, job };
      if (now.state === 'failed') {
        showToast(now.error?.message ?? '导入失败', { variant: 'error', autoHideDuration: TOAST_MS });
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const toMapping = async () => {
    const done = await check({ withMapping: false });
    if (!done) return;
    setMapping(done.mapping);
    if (done.key) setKey(done.key);
    setStage('mapping');
  };

  const toCheck = async () => {
    if (await check({ withMapping: true })) setStage('check');
  };

  const commit = async () => {
    if (!file) return;
    setStage('running');
    setStatus(null);
    onRunningChange(true);
    try {
      const { data } = await uploadImportNews({
        file,
        classId,
        mode: 'commit',
        onError,
        key,
        mapping,
        allowRepeat,
        sensitiveConfirmed,
        isBackground: true,
      });
      const done = data.state === 'done' ? (data as ImportAnswer) : await waitFor((data as ImportStatus).job);
      if (!done) {
        setStage('check');
        return;
      }
      setResult(done);
      setErrorJob(done.job);
      setStage('done');
      if (done.created + done.updated > 0) onImported();
    } catch {
      setStage('check');
    } finally {
      onRunningChange(false);
    }
  };

  const targets = answer?.targets ?? [];
  const mappedKeys = new Set(Object.values(mapping).filter(Boolean));
  const keyChoices = targets.filter((target) => KEY_TYPES.has(target.type) && mappedKeys.has(target.key));
  const needsConfirm = answer?.errors.some((error) => error.message.includes('需确认的词语')) ?? false;
  const isBlocked = Boolean(answer && answer.errors_total > 0 && onError === 'all');
  const isRepeatBlocked = Boolean(answer?.repeat_of && !allowRepeat);

  return (
    <>
      <DialogTitle id={titleId}>导入内容到「{name}」</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {isPhone ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            第 {STEP_OF[stage] + 1} 步，共 {STEPS.length} 步：{STEPS[STEP_OF[stage]]}
          </Typography>
        ) : (
          <Stepper activeStep={stage === 'done' ? STEPS.length : STEP_OF[stage]} aria-label="导入步骤">
            {STEPS.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}

        {stage === 'file' && (
          <>
            <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
              <Box component="p" sx={{ m: 0 }}>
                .xlsx 或 .csv 文件，第 1 行是表头（列名），从第 2 行起每行一条内容；不超过 20 MB、50,000
                行。CSV 可以是 UTF-8 或 GB18030（GBK）编码。
              </Box>
              <Box component="p" sx={{ m: 0, mt: 0.5 }}>
                列名与字段名称相同时自动对应；下一步可以调整。先预检，确认无误后再导入。
              </Box>
            </Typography>
            <Box
              data-testid="import-drop-zone"
              onDragOver={(event) => {
                event.preventDefault();
                setIsDragging(true);
              }}
              onDragLeave={() => setIsDragging(false)}
              onDrop={(event) => {
                event.preventDefault();
                setIsDragging(false);
                choose(event.dataTransfer.files[0]);
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
                aria-label="导入文件"
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                hidden
                onChange={(event) => choose(event.target.files?.[0])}
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
                {file ? `${file.name}（${sizeText(file.size)}）` : '未选择文件，也可以把文件拖到这里'}
              </Typography>
            </Box>
            <Box>
              <Button
                variant="text"
                startIcon={<FileDownloadOutlined />}
                onClick={() => void downloadImportTemplate({ classId, name })}
              >
                下载模板
              </Button>
            </Box>
          </>
        )}

        {stage === 'mapping' && answer && (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              为文件的每一列选择对应的字段；选「不导入」的列会被忽略。
            </Typography>
            <Box sx={tableBox}>
              <Table size="small" aria-label="字段对应">
                <TableHead>
                  <TableRow>
                    <TableCell sx={headCell}>列</TableCell>
                    {!isPhone && <TableCell sx={headCell}>示例</TableCell>}
                    <TableCell sx={{ ...headCell, width: isPhone ? '55%' : 200 }}>对应字段</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {answer.columns.map((column) => (
                    <TableRow key={column.header}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {column.column}：{column.header}
                        </Typography>
                        {isPhone && (
                          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                            {column.samples.filter(Boolean).join('、') || '（空）'}
                          </Typography>
                        )}
                      </TableCell>
                      {!isPhone && (
                        <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere', maxWidth: 220 }}>
                          {column.samples.filter(Boolean).join('、') || '（空）'}
                        </TableCell>
                      )}
                      <TableCell>
                        <TextField
                          select
                          size="small"
                          fullWidth
                          value={mapping[column.header] ?? ''}
                          onChange={(event) =>
                            setMapping((current) => {
                              const next = { ...current };
                              // A field takes one column: choosing it here frees it elsewhere.
                              for (const [header, value] of Object.entries(next))
                                if (value === event.target.value) next[header] = '';
                              next[column.header] = event.target.value;
                              return next;
                            })
                          }
                          slotProps={{
                            select: { displayEmpty: true },
                            htmlInput: { 'aria-label': `「${column.header}」对应的字段` },
                          }}
                        >
                          <MenuItem value="">
                            <em>不导入</em>
                          </MenuItem>
                          {targets.map((target) => (
                            <MenuItem key={target.key} value={target.key}>
                              {target.title}
                              {target.required ? '（必填）' : ''}
                            </MenuItem>
                          ))}
                        </TextField>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <TextField
                select
                size="small"
                label="已有内容"
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                value={keyChoices.some((choice) => choice.key === key) ? key : ''}
                onChange={(event) => setKey(event.target.value)}
                sx={{ minWidth: 220, flex: isPhone ? '1 1 100%' : undefined }}
                helperText="按所选列找到已有内容时更新它，其余新建"
              >
                <MenuItem value="">全部新建</MenuItem>
                {keyChoices.map((choice) => (
                  <MenuItem key={choice.key} value={choice.key}>
                    按「{choice.title}」更新
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label="有错误行时"
                value={onError}
                onChange={(event) => setOnError(event.target.value as 'all' | 'skip')}
                sx={{ minWidth: 220, flex: isPhone ? '1 1 100%' : undefined }}
                helperText={onError === 'all' ? '任何一行有错误都不导入' : '导入正确的行，跳过错误行'}
              >
                <MenuItem value="all">全部不导入</MenuItem>
                <MenuItem value="skip">跳过错误行</MenuItem>
              </TextField>
            </Box>
          </>
        )}

        {stage === 'check' && answer && (
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
                      onChange={(event) => setAllowRepeat(event.target.checked)}
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
            {needsConfirm && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={sensitiveConfirmed}
                    onChange={(event) => setSensitiveConfirmed(event.target.checked)}
                  />
                }
                label="已确认需提醒的敏感词无误（确认后再预检一次）"
              />
            )}
            <ErrorTable answer={answer} />
            {answer.errors_total > 0 && errorJob && (
              <Box>
                <Button
                  variant="text"
                  startIcon={<FileDownloadOutlined />}
                  onClick={() => void downloadImportErrors({ job: errorJob })}
                >
                  下载错误行
                </Button>
              </Box>
            )}
          </>
        )}

        {stage === 'running' && (
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
        )}

        {stage === 'done' && result && (
          <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Alert severity={result.skipped > 0 ? 'warning' : 'success'}>
              <AlertTitle>导入完成</AlertTitle>
              新增 {formatCount(result.created)} 条，更新 {formatCount(result.updated)} 条
              {result.unchanged ? `，${formatCount(result.unchanged)} 条无变化` : ''}
              {result.skipped ? `，跳过 ${formatCount(result.skipped)} 行` : ''}。
            </Alert>
            <ErrorTable answer={result} />
            {result.skipped > 0 && errorJob && (
              <Box>
                <Button
                  variant="outlined"
                  startIcon={<FileDownloadOutlined />}
                  onClick={() => void downloadImportErrors({ job: errorJob })}
                >
                  下载错误行
                </Button>
              </Box>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {stage === 'done' ? (
          <Button variant="contained" onClick={onClose}>
            完成
          </Button>
        ) : (
          <>
            <Button
              variant="outlined"
              color="inherit"
              sx={{ borderColor: 'divider' }}
              onClick={onClose}
              disabled={stage === 'running'}
            >
              取消
            </Button>
            {(stage === 'mapping' || stage === 'check') && (
              <Button
                variant="outlined"
                onClick={() => setStage(stage === 'check' ? 'mapping' : 'file')}
                disabled={isBusy}
              >
                上一步
              </Button>
            )}
            {stage === 'file' && (
              <Button variant="contained" onClick={() => void toMapping()} disabled={!file} loading={isBusy}>
                下一步
              </Button>
            )}
            {stage === 'mapping' && (
              <Button variant="contained" onClick={() => void toCheck()} loading={isBusy}>
                预检
              </Button>
            )}
            {stage === 'check' && (needsConfirm || allowRepeat) && (
              <Button variant="outlined" onClick={() => void toCheck()} loading={isBusy}>
                重新预检
              </Button>
            )}
            {stage === 'check' && (
              <Button
                variant="contained"
                onClick={() => void commit()}
                disabled={isBusy || isBlocked || isRepeatBlocked || answer?.valid === 0}
              >
                导入
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </>
  );
}

/**
 * 导入 (issue 23): a file into the category in steps — choose the file (or drop it; 下载模板) →
 * map its columns to fields (filled in from the server's automatic / remembered mapping) → 预检
 * (the dry run: counts and every error by row and column) → 导入 with a progress bar → the result,
 * with 下载错误行. Full screen below 600 px.
 */
export function NewsImportDialog({
  classId,
  name,
  isOpen,
  onClose,
  onImported,
}: {
  classId: number;
  name: string;
  isOpen: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const titleId = useId();
  const isPhone = useMediaQuery(PHONE);
  // A fresh dialog for each opening; the last one stays while the dialog fades out.
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(false);
  const [isRunning, setIsRunning] = useState(false);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setOpening((count) => count + 1);
  }
  return (
    <Dialog
      open={isOpen}
      onClose={isRunning ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      aria-labelledby={titleId}
    >
      <ImportBody
        key={opening}
        classId={classId}
        name={name}
        titleId={titleId}
        onClose={onClose}
        onImported={onImported}
        onRunningChange={setIsRunning}
      />
    </Dialog>
  );
}
