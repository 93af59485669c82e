'use client';

import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { showToast } from '@/lib/client/toast';

const asText = (codes: readonly string[]) => `${codes.join('\n')}\n`;

/** Recovery codes as they are shown, once: a grid to write down, copy or save as a text file. */
export function RecoveryCodesList({ codes, username }: { codes: readonly string[]; username: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(asText(codes));
      showToast('恢复码已复制', { variant: 'success' });
    } catch {
      showToast('无法访问剪贴板，请手动抄写或下载', { variant: 'warning' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText(codes)], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: `恢复码-${username}.txt`,
    });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Alert severity="warning">
        恢复码只显示这一次。请抄写或下载后妥善保存：手机丢失时，每个恢复码可代替验证码登录一次。
      </Alert>
      <Box
        component="ol"
        aria-label="恢复码"
        sx={{
          m: 0,
          p: { xs: 1.5, sm: 2 },
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          justifyContent: 'center',
          columnGap: { xs: 2, sm: 4 },
          rowGap: 1,
          whiteSpace: 'nowrap',
          listStyle: 'none',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: { xs: 13, sm: 16 },
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" startIcon={<ContentCopyRounded />} onClick={() => void copy()}>
          复制
        </Button>
        <Button size="small" startIcon={<DownloadRounded />} onClick={download}>
          下载为文本文件
        </Button>
      </Box>
    </Box>
  );
}
