'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { NewsItem } from '@/lib/news/item-types';

export type NewsRowHandlers = {
  onEdit: (row: NewsItem) => void;
  onToggleLock: (row: NewsItem) => void;
  onDelete: (row: NewsItem) => void;
  /** Type 4/5 categories: 流程 (the drawer) and 填写流程 (the timeline); type 5 also 流程图. */
  process?: {
    onShow: (row: NewsItem) => void;
    onFill: (row: NewsItem) => void;
    onChart?: (row: NewsItem) => void;
  };
};

// The text buttons must fit the column: no 64px minimum each.
const COMPACT = { minWidth: 0, px: 1, whiteSpace: 'nowrap', flexShrink: 0 };

type NewsRowActionsProps = { row: NewsItem } & NewsRowHandlers;

/**
 * 编辑 · 锁定/解锁 · 删除 (and 流程 · 填写流程 · 流程图 in process categories) as text buttons, each
 * named after its action and the item. A locked item cannot be deleted until unlocked.
 */
export function NewsRowActions({ row, onEdit, onToggleLock, onDelete, process }: NewsRowActionsProps) {
  const isLocked = row.is_lock === 1;
  const label = row.title || `#${row.id}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap', gap: 0.25 }}>
      <Button size="small" sx={COMPACT} onClick={() => onEdit(row)} aria-label={`编辑「${label}」`}>
        编辑
      </Button>
      <Button
        size="small"
        sx={COMPACT}
        color={isLocked ? 'warning' : 'inherit'}
        onClick={() => onToggleLock(row)}
        aria-label={`${isLocked ? '解锁' : '锁定'}「${label}」`}
      >
        {isLocked ? '解锁' : '锁定'}
      </Button>
      <Button
        size="small"
        sx={COMPACT}
        color="error"
        onClick={() => onDelete(row)}
        disabled={isLocked}
        aria-label={`删除「${label}」`}
      >
        删除
      </Button>
      {process && (
        <Button size="small" sx={COMPACT} onClick={() => process.onShow(row)} aria-label={`流程「${label}」`}>
          流程
        </Button>
      )}
      {process && (
        <Button
          size="small"
          sx={COMPACT}
          onClick={() => process.onFill(row)}
          aria-label={`填写流程「${label}」`}
        >
          填写流程
        </Button>
      )}
      {process?.onChart && (
        <Button
          size="small"
          sx={COMPACT}
          onClick={() => process.onChart?.(row)}
          aria-label={`流程图「${label}」`}
        >
          流程图
        </Button>
      )}
    </Box>
  );
}
