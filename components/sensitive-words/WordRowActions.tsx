'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SensitiveWordRow } from '@/lib/sensitive/levels';

export type WordRowHandlers = {
  isBusy: boolean;
  onEdit: (row: SensitiveWordRow) => void;
  onDelete: (rows: readonly SensitiveWordRow[]) => void;
};

const COMPACT = { minWidth: 0, px: 1, whiteSpace: 'nowrap', flexShrink: 0 };

/** 编辑 · 删除 of one word, named after it. */
export function WordRowActions({
  row,
  isBusy,
  onEdit,
  onDelete,
}: { row: SensitiveWordRow } & WordRowHandlers) {
  return (
    <Box sx={{ display: 'flex', gap: 0.25, justifyContent: 'flex-end' }}>
      <Button size="small" sx={COMPACT} onClick={() => onEdit(row)} aria-label={`编辑「${row.word}」`}>
        编辑
      </Button>
      <Button
        size="small"
        color="error"
        sx={COMPACT}
        disabled={isBusy}
        onClick={() => onDelete([row])}
        aria-label={`删除「${row.word}」`}
      >
        删除
      </Button>
    </Box>
  );
}
