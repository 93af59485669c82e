'use client';

import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AppLink } from '@/components/common/AppLink';
import { useSiteSettings } from '../site-settings-context';
import { SIDEBAR_COLORS } from './sidebar-colors';

export function SidebarLogo({ title, isCollapsed }: { title: string; isCollapsed: boolean }) {
  const { logo } = useSiteSettings();
  return (
    <Box
      component={AppLink}
      href="/"
      aria-label={title}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: isCollapsed ? 'center' : 'flex-start',
        gap: 1.25,
        height: 50,
        px: isCollapsed ? 0 : 2,
        backgroundColor: SIDEBAR_COLORS.logoBackground,
        color: '#fff',
        textDecoration: 'none',
        overflow: 'hidden',
        flexShrink: 0,
      }}
    >
      {logo ? (
        <Box
          component="img"
          src={logo}
          alt=""
          sx={{ width: 26, height: 26, objectFit: 'contain', flexShrink: 0 }}
        />
      ) : (
        <DashboardCustomizeOutlined sx={{ color: 'primary.light', fontSize: 26 }} />
      )}
      {!isCollapsed && (
        <Typography component="span" noWrap sx={{ fontWeight: 600, fontSize: 14 }}>
          {title}
        </Typography>
      )}
    </Box>
  );
}
