import type { SxProps, Theme } from '@mui/material/styles';
import { SIDEBAR_COLORS } from './sidebar-colors';

export const menuItemSx = ({
  depth,
  isCollapsed,
}: {
  depth: number;
  isCollapsed: boolean;
}): SxProps<Theme> => ({
  minHeight: 50,
  color: SIDEBAR_COLORS.text,
  pl: isCollapsed ? 2.1 : 2.5 + depth * 2,
  pr: isCollapsed ? 2.1 : 2,
  whiteSpace: 'nowrap',
  '&:hover': { backgroundColor: SIDEBAR_COLORS.hover },
  '&.Mui-focusVisible': {
    backgroundColor: SIDEBAR_COLORS.hover,
    outline: '2px solid rgba(255,255,255,.5)',
    outlineOffset: -2,
  },
  '&.Mui-selected, &.Mui-selected:hover': { backgroundColor: 'primary.main', color: 'primary.contrastText' },
  '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 0, mr: isCollapsed ? 0 : 1.5 },
  '& .MuiListItemText-primary': { fontSize: 14 },
});
