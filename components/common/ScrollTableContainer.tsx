'use client';

import TableContainer, { type TableContainerProps } from '@mui/material/TableContainer';
import { useEffect, useRef, useState } from 'react';

/** The class of a row's actions cell (and its header) that stays at the right edge while the table scrolls. */
export const STICKY_ACTIONS = 'sticky-actions';

/**
 * A table's own scroll box (the page never scrolls sideways): the cells marked STICKY_ACTIONS stay
 * at its right edge with an opaque background, and carry a shadow while columns are under them
 * (the table is wider than the box and not scrolled to its end). The row's hover and selection
 * tints are laid over the cell's background, as on the other cells.
 */
export function ScrollTableContainer({ sx, children, ...props }: TableContainerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [isCovering, setIsCovering] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => setIsCovering(box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);
  return (
    <TableContainer
      ref={ref}
      data-covering={isCovering ? 'true' : undefined}
      {...props}
      sx={[
        (theme) => {
          // The scheme's colours as CSS variables: the same styles serve light and dark.
          const { palette } = theme.vars ?? theme;
          return {
            maxWidth: '100%',
            // The rows are opaque as their sticky cells are (a table may sit on the page's grey).
            backgroundColor: palette.background.paper,
            [`& .${STICKY_ACTIONS}`]: {
              position: 'sticky',
              right: 0,
              zIndex: 1,
              backgroundClip: 'padding-box',
              transition: 'box-shadow .15s',
            },
            // Opaque by default, without weight: a header's own background (background.subtle) goes first.
            [`& :where(.${STICKY_ACTIONS})`]: { backgroundColor: palette.background.paper },
            [`& .MuiTableCell-head.${STICKY_ACTIONS}`]: { zIndex: 2 },
            [`& .MuiTableRow-hover:hover > .${STICKY_ACTIONS}`]: {
              backgroundImage: `linear-gradient(${palette.action.hover}, ${palette.action.hover})`,
            },
            [`& .Mui-selected > .${STICKY_ACTIONS}`]: {
              backgroundImage: `linear-gradient(${palette.action.selected}, ${palette.action.selected})`,
            },
            [`&[data-covering="true"] .${STICKY_ACTIONS}`]: {
              boxShadow: '-8px 0 8px -8px rgba(0,0,0,.3)',
              ...theme.applyStyles('dark', { boxShadow: '-8px 0 8px -8px rgba(0,0,0,.8)' }),
            },
          };
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </TableContainer>
  );
}
