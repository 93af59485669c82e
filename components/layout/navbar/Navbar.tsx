'use client';

import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@/components/common/LazyTooltip';
import { useLayoutSettings } from '@/components/layout/settings-store';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { AvatarMenu } from './AvatarMenu';
import { ErrorLogButton } from './ErrorLogButton';
import { FullscreenButton } from './FullscreenButton';
import { Hamburger } from './Hamburger';
import { HeaderSearch } from './HeaderSearch';
import { SizeMenu } from './SizeMenu';

export function Navbar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { showSettings } = useLayoutSettings();
  return (
    <Box
      component="header"
      sx={{
        height: 50,
        display: 'flex',
        alignItems: 'center',
        px: 0.5,
        backgroundColor: 'background.paper',
        boxShadow: '0 1px 4px rgba(0,21,41,.08)',
      }}
    >
      <Hamburger />
      <AppBreadcrumbs />
      <Box sx={{ flex: 1 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', color: 'text.secondary' }}>
        <HeaderSearch />
        <ErrorLogButton />
        <FullscreenButton />
        <SizeMenu />
        {showSettings && (
          <Tooltip title="布局设置">
            <IconButton aria-label="布局设置" onClick={onOpenSettings}>
              <TuneIcon />
            </IconButton>
          </Tooltip>
        )}
        <AvatarMenu />
      </Box>
    </Box>
  );
}
