'use client';

import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { VisitedView } from '@/lib/client/tags-view';
import { useTagActions } from './use-tag-actions';

export type TagMenuTarget = { view: VisitedView; top: number; left: number };

/** The right-click menu of a tag, 105px wide. Pinned tags offer no 关闭. */
export function TagContextMenu({ target, onClose }: { target: TagMenuTarget | null; onClose: () => void }) {
  const actions = useTagActions();
  const run = (action: () => void) => () => {
    onClose();
    action();
  };
  const view = target?.view;

  return (
    <Menu
      open={Boolean(target)}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={target ? { top: target.top, left: target.left } : undefined}
      slotProps={{ paper: { sx: { width: 105 } }, list: { dense: true, 'aria-label': '标签操作' } }}
    >
      {view && <MenuItem onClick={run(() => actions.refresh(view.path))}>刷新</MenuItem>}
      {view && !view.isAffix && <MenuItem onClick={run(() => actions.close(view.path))}>关闭</MenuItem>}
      {view && <MenuItem onClick={run(() => actions.closeOthers(view.path))}>关闭其他</MenuItem>}
      {view && <MenuItem onClick={run(() => actions.closeAll())}>关闭所有</MenuItem>}
    </Menu>
  );
}
