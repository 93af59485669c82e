'use client';

import MoreHorizRounded from '@mui/icons-material/MoreHorizRounded';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type ReactNode } from 'react';

/** One entry of a row's 更多 menu: its visible text and, when it differs, its accessible name. */
export type RowMenuAction = {
  label: string;
  name?: string;
  icon?: ReactNode;
  onClick: () => void;
  isDanger?: boolean;
  disabled?: boolean;
};

/**
 * 更多: a row's less used actions in a menu, so the actions column stays narrow. The menu is drawn
 * only while open (a page has many rows); choosing an entry closes it first. With every entry
 * disabled the button is too.
 */
export function RowMoreMenu({ name, actions }: { name: string; actions: readonly RowMenuAction[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        size="small"
        aria-label={name}
        disabled={actions.every((action) => action.disabled)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreHorizRounded fontSize="small" />
      </IconButton>
      {anchor && (
        <Menu
          id={menuId}
          open
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          {actions.map((action) => (
            <MenuItem
              key={action.label}
              disabled={action.disabled}
              aria-label={action.name}
              sx={action.isDanger ? { color: 'error.main' } : undefined}
              onClick={() => {
                setAnchor(null);
                action.onClick();
              }}
            >
              {action.icon && (
                <ListItemIcon sx={action.isDanger ? { color: 'error.main' } : undefined}>
                  {action.icon}
                </ListItemIcon>
              )}
              {action.label}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
