'use client';

import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FileDropZone } from '@/components/common/FileDropZone';
import { downloadImportTemplate } from '@/lib/client/api/news-import';
import { showToast, TOAST_MS } from '@/lib/client/toast';

// The 导入 dialog's first step: choose the file (or drop it on the zone) and 下载模板.

/** The server takes at most 20 MB; a bigger file is refused here at once. */
const MAX_BYTES = 20 * 1024 * 1024;

export function ImportFileStep({
  classId,
  name,
  file,
  isBusy,
  onFile,
}: {
  classId: number;
  name: string;
  file: File | null;
  isBusy: boolean;
  onFile: (file: File) => void;
}) {
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
    onFile(chosen);
  };

  return (
    <>
      <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
        <Box component="p" sx={{ m: 0 }}>
          .xlsx 或 .csv 文件，第 1 行是表头（列名），从第 2 行起每行一条内容；不超过 20 MB、50,000 行。CSV
          可以是 UTF-8 或 GB18030（GBK）编码。
        </Box>
        <Box component="p" sx={{ m: 0, mt: 0.5 }}>
          列名与字段名称相同时自动对应；下一步可以调整。先预检，确认无误后再导入。
        </Box>
      </Typography>
      <FileDropZone
        file={file}
        accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        isBusy={isBusy}
        onChoose={choose}
        inputLabel="导入文件"
        testId="import-drop-zone"
      />
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
  );
}
