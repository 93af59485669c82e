'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { RowMoreMenu } from '@/components/common/RowMoreMenu';
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

type Action = {
  label: string;
  onClick: () => void;
  color?: 'warning' | 'error' | 'inherit';
  disabled?: boolean;
};

/**
 * The row's actions, each named after its action and the item (「编辑「标题」」). A list category
 * shows 编辑 · 锁定/解锁 · 删除 as text buttons; a process category, whose rows have three more,
 * keeps the column narrow with 编辑 · 填写流程 and a 更多 menu (流程 · 流程图 · 锁定/解锁 · 删除).
 * A locked item cannot be deleted until unlocked.
 */
export function NewsRowActions({ row, onEdit, onToggleLock, onDelete, process }: NewsRowActionsProps) {
  const isLocked = row.is_lock === 1;
  const label = row.title || `#${row.id}`;
  const lock: Action = {
    label: isLocked ? '解锁' : '锁定',
    onClick: () => onToggleLock(row),
    color: isLocked ? 'warning' : 'inherit',
  };
  const remove: Action = { label: '删除', onClick: () => onDelete(row), color: 'error', disabled: isLocked };
  const button = (action: Action) => (
    <Button
      key={action.label}
      size="small"
      sx={COMPACT}
      color={action.color === 'inherit' ? 'inherit' : (action.color ?? 'primary')}
      onClick={action.onClick}
      disabled={action.disabled}
      aria-label={`${action.label}「${label}」`}
    >
      {action.label}
    </Button>
  );
  const edit: Action = { label: '编辑', onClick: () => onEdit(row) };
  if (!process)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap', gap: 0.25 }}>
        {[edit, lock, remove].map(button)}
      </Box>
    );
  const more: Action[] = [
    { label: '流程', onClick: () => process.onShow(row) },
    ...(process.onChart ? [{ label: '流程图', onClick: () => process.onChart?.(row) }] : []),
    lock,
    remove,
  ];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap', gap: 0.25 }}>
      {button(edit)}
      {button({ label: '填写流程', onClick: () => process.onFill(row) })}
      <RowMoreMenu
        name={`更多操作「${label}」`}
        actions={more.map((action) => ({
          label: action.label,
          name: `${action.label}「${label}」`,
          onClick: action.onClick,
          isDanger: action.color === 'error',
          disabled: action.disabled,
        }))}
      />
    </Box>
  );
}
