'use client';

import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { redirectTarget } from '@/lib/routes/match';
import { useTagsView } from '../tags-view-context';
import { useActivePath } from '../use-active-path';
import { TagContextMenu, type TagMenuTarget } from './TagContextMenu';
import { TagItem } from './TagItem';
import { useTagActions } from './use-tag-actions';

/** The bar of visited views under the navbar. */
export function TagsView() {
  const { visited } = useTagsView();
  const actions = useTagActions();
  const activePath = useActivePath();
  const currentPath = redirectTarget({ path: activePath }) ?? activePath;
  const [menuTarget, setMenuTarget] = useState<TagMenuTarget | null>(null);
  const scroller = useRef<HTMLElement>(null);

  useEffect(() => {
    const active = scroller.current?.querySelector('[data-active="true"]');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [currentPath, visited.length]);

  return (
    <Box
      component="nav"
      aria-label="已打开的页面"
      ref={scroller}
      onWheel={(event) => {
        // A vertical wheel scrolls the bar sideways.
        if (scroller.current && event.deltaY) scroller.current.scrollLeft += event.deltaY;
      }}
      sx={{
        height: 34,
        display: 'flex',
        alignItems: 'center',
        overflowX: 'auto',
        overflowY: 'hidden',
        scrollbarWidth: 'none',
        backgroundColor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        boxShadow: '0 1px 3px 0 rgba(0,0,0,.12), 0 0 3px 0 rgba(0,0,0,.04)',
      }}
    >
      {visited.map((view) => (
        <TagItem
          key={view.path}
          view={view}
          isActive={view.path === currentPath}
          onClose={() => actions.close(view.path)}
          onContextMenu={(position) => setMenuTarget({ view, ...position })}
        />
      ))}
      <TagContextMenu target={menuTarget} onClose={() => setMenuTarget(null)} />
    </Box>
  );
}
