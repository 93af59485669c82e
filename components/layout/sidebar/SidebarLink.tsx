'use client';

import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@/components/common/LazyTooltip';
import type { AppRoute } from '@/lib/routes/types';
import { RouteIcon } from '../RouteIcon';
import { menuItemSx } from './menu-item-styles';

type SidebarLinkProps = { route: AppRoute; depth: number; isCollapsed: boolean; isSelected: boolean };

export function SidebarLink({ route, depth, isCollapsed, isSelected }: SidebarLinkProps) {
  return (
    <Tooltip title={isCollapsed ? route.title : ''} placement="right" disableInteractive>
      <ListItemButton
        href={route.path}
        selected={isSelected}
        aria-current={isSelected ? 'page' : undefined}
        aria-label={isCollapsed ? route.title : undefined}
        sx={menuItemSx({ depth, isCollapsed })}
      >
        <ListItemIcon>
          <RouteIcon name={route.icon} fontSize="small" />
        </ListItemIcon>
        {!isCollapsed && <ListItemText primary={route.title} />}
      </ListItemButton>
    </Tooltip>
  );
}
