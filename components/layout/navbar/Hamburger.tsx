'use client';

import MenuFoldIcon from '@mui/icons-material/MenuOpen';
import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@/components/common/LazyTooltip';
import { useLayoutState } from '../layout-state-context';

export function Hamburger() {
  const { sidebar, toggleSidebar } = useLayoutState();
  const label = sidebar.isOpened ? '收起侧边栏' : '展开侧边栏';
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        aria-expanded={sidebar.isOpened}
        onClick={toggleSidebar}
        sx={{ color: 'text.primary' }}
      >
        {sidebar.isOpened ? <MenuFoldIcon /> : <MenuIcon />}
      </IconButton>
    </Tooltip>
  );
}
