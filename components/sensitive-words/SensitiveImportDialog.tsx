'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { uploadSensitiveWords, type SensitiveImportResult } from '@/lib/client/api/sensitive';
import { showToast, TOAST_MS } from '@/lib/client/toast';
import type { SensitiveLevel, SensitiveList } from '@/lib/sensitive/levels';
import { ImportChooser, ImportResult } from './SensitiveImportParts';

const PHONE = '(max-width:599.95px)';
/** The server takes at most 5 MB; a bigger file is refused here at once. */
const MAX_BYTES = 5 * 1024 * 1024;

type ImportBodyProps = {
  list: SensitiveList;
  titleId: string;
  onClose: () => void;
  onImported: () => void;
};

function ImportBody({ list, titleId, onClose, onImported }: ImportBodyProps) {
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

  // The chooser comes back with a new, empty file input.
  const again = () => {
    setResult(null);
    setFile(null);
  };

  return (
    <>
      <DialogTitle id={titleId}>导入{listName}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {result ? (
          <ImportResult result={result} />
        ) : (
          <ImportChooser
            isDeny={isDeny}
            file={file}
            isUploading={isUploading}
            onChoose={choose}
            level={level}
            onLevel={setLevel}
          />
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
