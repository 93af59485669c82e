'use client';

import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { showToast, TOAST_MS } from '@/lib/client/toast';
import type { ClassDraft } from './category-types';
import { toSavePayload } from './class-draft';

/** content_fileds exactly as it will be sent, for power users to read or copy; edits go through the builders. */
export function ContentFieldsJson({ draft }: { draft: ClassDraft }) {
  const text = JSON.stringify(toSavePayload(draft).content_fileds, null, 2);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast('已复制到剪贴板', { variant: 'success', autoHideDuration: TOAST_MS });
    } catch {
      showToast('复制失败，请手动选择文本复制', { variant: 'warning', autoHideDuration: TOAST_MS });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="body2" sx={{ flex: 1, color: 'text.secondary' }}>
          content_fileds（只读预览，保存时按此内容提交）
        </Typography>
        <Button size="small" startIcon={<ContentCopyRounded />} onClick={() => void copy()}>
          复制
        </Button>
      </Box>
      <Box
        component="pre"
        tabIndex={0}
        aria-label="content_fileds JSON"
        sx={{
          m: 0,
          p: 1.5,
          maxHeight: '52vh',
          overflow: 'auto',
          bgcolor: 'grey.900',
          color: 'grey.100',
          borderRadius: 1,
          fontSize: 12,
          lineHeight: 1.6,
          fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
        }}
      >
        {text}
      </Box>
    </Paper>
  );
}
