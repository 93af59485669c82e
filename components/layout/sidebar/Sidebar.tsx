'use client';

import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import { useLayoutSettings } from '@/components/layout/settings-store';
import { useLayoutState } from '../layout-state-context';
import { useSession } from '../session-context';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_COLORS, SIDEBAR_WIDTH } from './sidebar-colors';
import { SidebarEntries } from './SidebarEntries';
import { SidebarLogo } from './SidebarLogo';
import { useSelectedMenu } from './use-selected-menu';

function SidebarContent({ productTitle, isCollapsed }: { productTitle: string; isCollapsed: boolean }) {
  const { routes } = useSession();
  const { sidebarLogo } = useLayoutSettings();
  const selected = useSelectedMenu();
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        backgroundColor: SIDEBAR_COLORS.background,
      }}
    >
      {sidebarLogo && <SidebarLogo title={productTitle} isCollapsed={isCollapsed} />}
      <Box component="nav" aria-label="侧边菜单" sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <List disablePadding>
          <SidebarEntries routes={routes} depth={0} isCollapsed={isCollapsed} selected={selected} />
        </List>
      </Box>
    </Box>
  );
}

/** 210px menu of the routes the user may open; icons only when collapsed; a drawer on mobile. */
export function Sidebar({ productTitle }: { productTitle: string }) {
  const { sidebar, device, closeSidebar } = useLayoutState();

  if (device === 'mobile') {
    return (
      <Drawer
        open={sidebar.isOpened}
        onClose={() => closeSidebar({ withoutAnimation: false, isRemembered: false })}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, border: 0 } } }}
      >
        <SidebarContent productTitle={productTitle} isCollapsed={false} />
      </Drawer>
    );
  }

  const isCollapsed = !sidebar.isOpened;
  return (
    <Box
      data-testid="sidebar"
      data-collapsed={isCollapsed ? 'true' : 'false'}
      sx={{
        width: isCollapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
        flexShrink: 0,
        position: 'sticky',
        top: 0,
        height: '100vh',
        zIndex: (theme) => theme.zIndex.appBar + 1,
        transition: sidebar.withoutAnimation ? 'none' : 'width .28s',
        boxShadow: '2px 0 6px rgba(0,21,41,.35)',
      }}
    >
      <SidebarContent productTitle={productTitle} isCollapsed={isCollapsed} />
    </Box>
  );
}
