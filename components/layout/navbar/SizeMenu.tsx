'use client';

import FormatSizeIcon from '@mui/icons-material/FormatSize';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@/components/common/LazyTooltip';
import { showToast } from '@/lib/client/toast';
import { useState } from 'react';
import { UI_SIZE_LABELS, UI_SIZES } from '@/lib/client/ui-cookies';
import { useUiSize } from '@/components/providers/ui-size-context';

/** 默认 / 中 / 小 / 迷你: the size of every control, kept in the `size` cookie. */
export function SizeMenu() {
  const { size, changeSize } = useUiSize();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Tooltip title="布局大小">
        <IconButton
          aria-label="布局大小"
          aria-haspopup="menu"
          aria-controls={anchor ? 'size-menu' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <FormatSizeIcon />
        </IconButton>
      </Tooltip>
      <Menu id="size-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {UI_SIZES.map((option) => (
          <MenuItem
            key={option}
            selected={option === size}
            disabled={option === size}
            onClick={() => {
              setAnchor(null);
              changeSize({ size: option });
              showToast('切换尺寸成功', { variant: 'success' });
            }}
          >
            {UI_SIZE_LABELS[option]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
