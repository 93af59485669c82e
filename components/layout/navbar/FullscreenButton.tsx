'use client';

import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@/components/common/LazyTooltip';
import { showToast } from '@/lib/client/toast';
import { useEffect, useState } from 'react';

export function FullscreenButton() {
  const [isFullscreen, setIsFullscreen] = useState(false);

  useEffect(() => {
    const sync = () => setIsFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      showToast('您的浏览器不支持全屏', { variant: 'warning' });
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      showToast('切换全屏失败', { variant: 'warning' });
    }
  };

  const label = isFullscreen ? '退出全屏' : '全屏';
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={toggle}>
        {isFullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
}
