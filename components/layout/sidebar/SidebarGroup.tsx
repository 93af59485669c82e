'use client';

import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { flattenViewRoutes } from '@/lib/routes/match';
import type { AppRoute } from '@/lib/routes/types';
import { RouteIcon } from '../RouteIcon';
import { menuItemSx } from './menu-item-styles';
import { SIDEBAR_COLORS } from './sidebar-colors';
import { SidebarEntries } from './SidebarEntries';
import { isWithin } from './use-selected-menu';

type SidebarGroupProps = { route: AppRoute; depth: number; isCollapsed: boolean; selected: string };

/** A route with children: a folding sub-menu, or a pop-out list when the sidebar shows icons only. */
export function SidebarGroup({ route, depth, isCollapsed, selected }: SidebarGroupProps) {
  const isActive = isWithin({ path: route.path, selected });
  const [isOpen, setIsOpen] = useState(isActive);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const children = route.children ?? [];
  const menuId = `submenu-${route.path.replaceAll('/', '-')}`;

  if (isCollapsed) {
    return (
      <>
        <ListItemButton
          aria-label={route.title}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ ...menuItemSx({ depth, isCollapsed }), ...(isActive ? { color: 'primary.light' } : {}) }}
        >
          <ListItemIcon>
            <RouteIcon name={route.icon} fontSize="small" />
          </ListItemIcon>
        </ListItemButton>
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          {flattenViewRoutes({ routes: [route] }).map(({ route: item, titles }) => (
            <MenuItem
              key={item.path}
              href={item.path}
              selected={item.path === selected}
              onClick={() => setAnchor(null)}
            >
              {titles.join(' / ')}
            </MenuItem>
          ))}
        </Menu>
      </>
    );
  }

  return (
    <>
      <ListItemButton
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
        sx={{ ...menuItemSx({ depth, isCollapsed }), ...(isActive ? { color: '#fff' } : {}) }}
      >
        <ListItemIcon>
          <RouteIcon name={route.icon} fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={route.title} />
        {isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={isOpen} timeout="auto" unmountOnExit>
        <List disablePadding sx={{ backgroundColor: SIDEBAR_COLORS.nestedBackground }}>
          <SidebarEntries routes={children} depth={depth + 1} isCollapsed={false} selected={selected} />
        </List>
      </Collapse>
    </>
  );
}
