'use client';

import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
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
import { levelLabel } from '@/components/sensitive/hit-text';
import { uploadSensitiveWords, type SensitiveImportResult } from '@/lib/client/api/sensitive';
import { showToast, TOAST_MS } from '@/lib/client/toast';
import { SENSITIVE_LEVELS, type SensitiveLevel, type SensitiveList } from '@/lib/sensitive/levels';

const PHONE = '(max-width:599.95px)';
/** The server takes at most 5 MB; a bigger file is refused here at once. */
const MAX_BYTES = 5 * 1024 * 1024;

const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ImportResult({ result }: { result: SensitiveImportResult }) {
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

type ImportBodyProps = {
  list: SensitiveList;
  titleId: string;
  onClose: () => void;
  onImported: () => void;
};

function ImportBody({ list, titleId, onClose, onImported }: ImportBodyProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [level, setLevel] = useState<SensitiveLevel>('block');
  const [isUploading, setIsUploading] = useState(false);
  const [result, setResult] = useState<SensitiveImportResult | null>(null);
  const isDeny = list === 'deny';
  const listName = isDeny ? '敏感词' : '白名单';

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!/\.(txt|csv)$/i.test(chosen.name)) {
      showToast('请选择 .txt 或 .csv 文件', { variant: 'error', autoHideDuration: TOAST_MS });
      return;
    }
    if (chosen.size > MAX_BYTES) {
      showToast('文件不能超过 5 MB', { variant: 'error', autoHideDuration: TOAST_MS });
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    if (!file || isUploading) return;
    setIsUploading(true);
    try {
      const answer = await uploadSensitiveWords({ file, list, level });
      // The dialog shows what was added and skipped: no toast besides.
      setResult(answer.data);
      if (answer.data.added > 0) onImported();
    } catch {
      // The API client has said why (too big, not a text file …); nothing was added.
    } finally {
      setIsUploading(false);
    }
  };

  const again = () => {
    setResult(null);
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <>
      <DialogTitle id={titleId}>导入{listName}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {result ? (
          <ImportResult result={result} />
        ) : (
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
            <Box
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
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
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <input
                ref={inputRef}
                id={`${id}-file`}
                type="file"
                accept=".txt,.csv,text/plain,text/csv"
                hidden
                onChange={(event) => choose(event.target.files?.[0])}
              />
              <Button
                variant="outlined"
                startIcon={<UploadFileOutlined />}
                onClick={() => inputRef.current?.click()}
                disabled={isUploading}
              >
                选择文件
              </Button>
              <Typography variant="body2" aria-live="polite" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {file ? `${file.name}（${sizeText(file.size)}）` : '未选择文件，也可以把文件拖到这里'}
              </Typography>
            </Box>
            {isDeny && (
              <TextField
                select
                label="未写级别的行"
                value={level}
                onChange={(event) => setLevel(event.target.value as SensitiveLevel)}
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
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {result ? (
          <>
            <Button variant="outlined" color="inherit" sx={{ borderColor: 'divider' }} onClick={again}>
              再导入一个文件
            </Button>
            <Button variant="contained" onClick={onClose}>
              完成
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="outlined"
              color="inherit"
              sx={{ borderColor: 'divider' }}
              onClick={onClose}
              disabled={isUploading}
            >
              取消
            </Button>
            <Button variant="contained" onClick={() => void upload()} disabled={!file} loading={isUploading}>
              导入
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}

/** 导入 a .txt / .csv into a list, then what was added and which lines were skipped, and why. */
export function SensitiveImportDialog({
  list,
  isOpen,
  onClose,
  onImported,
}: {
  list: SensitiveList;
  isOpen: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const titleId = useId();
  const isPhone = useMediaQuery(PHONE);
  // A fresh form for each opening; the last one stays while the dialog fades out.
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(false);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setOpening((count) => count + 1);
  }
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby={titleId}
    >
      <ImportBody key={opening} list={list} titleId={titleId} onClose={onClose} onImported={onImported} />
    </Dialog>
  );
}
