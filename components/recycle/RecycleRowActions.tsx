'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { RecycleItem } from '@/lib/news/recycle-types';

export type RecycleRowHandlers = {
  /** The bin of every category: each row says which (and whether it has been deleted). */
  showClass?: boolean;
  canPurge: boolean;
  isBusy: boolean;
  onRestore: (rows: readonly RecycleItem[]) => void;
  onPurge: (rows: readonly RecycleItem[]) => void;
};

const COMPACT = { minWidth: 0, px: 1, whiteSpace: 'nowrap', flexShrink: 0 };

export const itemLabel = (row: RecycleItem) => row.title || `#${row.id}`;

/** 栏目 as the bin of every category shows it. */
export const classLabel = (row: RecycleItem) => `${row.class_name}${row.is_class_gone ? '（已删除）' : ''}`;

/** 恢复 · 彻底删除 (only with the news_purge role) of one bin item, named after it. */
export function RecycleRowActions({
  row,
  canPurge,
  isBusy,
  onRestore,
  onPurge,
}: { row: RecycleItem } & RecycleRowHandlers) {
  return (
    <Box sx={{ display: 'flex', gap: 0.25, justifyContent: 'flex-end' }}>
      <Button
        size="small"
        sx={COMPACT}
        disabled={isBusy}
        onClick={() => onRestore([row])}
        aria-label={`恢复「${itemLabel(row)}」`}
      >
        恢复
      </Button>
      {canPurge && (
        <Button
          size="small"
          color="error"
          sx={COMPACT}
          disabled={isBusy}
          onClick={() => onPurge([row])}
          aria-label={`彻底删除「${itemLabel(row)}」`}
        >
          彻底删除
        </Button>
      )}
    </Box>
  );
}
