'use client';

import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { MouseEvent } from 'react';
import { AppLink } from '@/components/common/AppLink';
import type { VisitedView } from '@/lib/client/tags-view';

type TagItemProps = {
  view: VisitedView;
  isActive: boolean;
  onClose: () => void;
  onContextMenu: (position: { top: number; left: number }) => void;
};

export function TagItem({ view, isActive, onClose, onContextMenu }: TagItemProps) {
  const openMenu = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    // A keyboard-opened menu (Shift+F10) has no pointer position: use the tag's own corner.
    const rect = event.currentTarget.getBoundingClientRect();
    const isFromKeyboard = event.clientX === 0 && event.clientY === 0;
    onContextMenu(
      isFromKeyboard ? { top: rect.bottom, left: rect.left } : { top: event.clientY, left: event.clientX },
    );
  };

  return (
    <Box
      data-tag-path={view.path}
      data-active={isActive ? 'true' : 'false'}
      onContextMenu={openMenu}
      onAuxClick={(event) => event.button === 1 && !view.isAffix && onClose()}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        flexShrink: 0,
        height: 26,
        ml: '5px',
        '&:first-of-type': { ml: '15px' },
        '&:last-of-type': { mr: '15px' },
        pl: 1,
        pr: view.isAffix ? 1 : 0.25,
        fontSize: 12,
        border: '1px solid',
        borderColor: isActive ? 'primary.main' : 'divider',
        backgroundColor: isActive ? 'primary.main' : 'background.paper',
        color: isActive ? 'primary.contrastText' : 'text.secondary',
        borderRadius: '2px',
      }}
    >
      <Box
        component={AppLink}
        href={view.path}
        aria-current={isActive ? 'page' : undefined}
        sx={{
          color: 'inherit',
          textDecoration: 'none',
          display: 'inline-flex',
          alignItems: 'center',
          whiteSpace: 'nowrap',
          outlineOffset: 2,
          '&::before': isActive
            ? {
                content: '""',
                width: 8,
                height: 8,
                borderRadius: '50%',
                backgroundColor: 'currentColor',
                mr: '5px',
              }
            : undefined,
        }}
      >
        {view.title}
      </Box>
      {!view.isAffix && (
        <IconButton
          aria-label={`关闭 ${view.title}`}
          onClick={onClose}
          size="small"
          sx={{ ml: 0.25, p: '1px', color: 'inherit', '&:hover': { backgroundColor: 'action.selected' } }}
        >
          <CloseIcon sx={{ fontSize: 12 }} />
        </IconButton>
      )}
    </Box>
  );
}
