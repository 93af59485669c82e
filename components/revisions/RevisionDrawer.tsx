'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ClassInfo } from '@/lib/categories/to-api';
import type { RevisionSubject } from './revision-fields';
import { RevisionPanel } from './RevisionPanel';

type RevisionDrawerProps = {
  isOpen: boolean;
  info: ClassInfo;
  subject: RevisionSubject;
  /** Shown under the drawer's heading: the item's title, the page's name. */
  title: string;
  isLocked?: boolean;
  isDirty: boolean;
  onClose: () => void;
  onReverted: () => void;
};

/** 历史版本 of an item or a single page: from the right (over the 内容 dialog), most of the window (all of it under 900 px). */
export function RevisionDrawer({
  isOpen,
  info,
  subject,
  title,
  isLocked = false,
  isDirty,
  onClose,
  onReverted,
}: RevisionDrawerProps) {
  const id = useId();
  // The panel stays while the drawer slides out, and starts afresh at the next opening.
  const [isShown, setIsShown] = useState(isOpen);
  if (isOpen && !isShown) setIsShown(true);
  return (
    <Drawer
      anchor="right"
      open={isOpen}
      onClose={onClose}
      // Over the 内容 dialog it opens from (a drawer's own layer is below dialogs).
      sx={{ zIndex: 'modal' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': `${id}-title`,
          sx: {
            width: '100%',
            display: 'flex',
            flexDirection: 'column',
            '@media (min-width: 900px)': { width: 'min(1120px, 92vw)' },
          },
        },
        transition: { onExited: () => setIsShown(false) },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2.5,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={`${id}-title`} variant="h6" component="h2">
            历史版本
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {title}
          </Typography>
        </Box>
        <IconButton aria-label="关闭" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </Box>
      {isShown && (
        <RevisionPanel
          info={info}
          subject={subject}
          isLocked={isLocked}
          isDirty={isDirty}
          onReverted={onReverted}
        />
      )}
    </Drawer>
  );
}
