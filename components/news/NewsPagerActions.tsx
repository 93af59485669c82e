'use client';

import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import Pagination from '@mui/material/Pagination';
import { useState } from 'react';

const ITEM_LABELS: Record<string, string> = {
  first: '第一页',
  last: '最后一页',
  next: '下一页',
  previous: '上一页',
};

const itemLabel = (type: string, page: number | null, selected: boolean) =>
  type === 'page' ? `第 ${page} 页${selected ? '（当前）' : ''}` : (ITEM_LABELS[type] ?? type);

/**
 * The pager of the content table (previous, page numbers, next, jump to page): numbered pages with the
 * first and last always in reach, and 前往 N 页 for a page far away (page 10,000 of a big
 * category is one step, not ten thousand).
 */
export function NewsPagerActions({
  count,
  page,
  rowsPerPage,
  onPageChange,
}: {
  count: number;
  /** 0-based. */
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(count / rowsPerPage));
  const [target, setTarget] = useState('');

  const jump = () => {
    const wanted = Number(target);
    setTarget('');
    if (!Number.isInteger(wanted) || wanted < 1) return;
    const next = Math.min(wanted, pages) - 1;
    if (next !== page) onPageChange(next);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
      <Pagination
        count={pages}
        page={page + 1}
        onChange={(_, value) => onPageChange(value - 1)}
        siblingCount={1}
        boundaryCount={1}
        shape="rounded"
        color="primary"
        size="small"
        getItemAriaLabel={itemLabel}
      />
      <Box
        component="label"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.75,
          fontSize: 14,
          color: 'text.secondary',
          whiteSpace: 'nowrap',
        }}
      >
        前往
        <InputBase
          value={target}
          onChange={(event) => setTarget(event.target.value.replace(/\D/g, ''))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') jump();
          }}
          onBlur={jump}
          inputProps={{ 'aria-label': '跳转到第几页', inputMode: 'numeric', style: { textAlign: 'center' } }}
          sx={{
            width: 56,
            px: 0.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            fontSize: 14,
            '&.Mui-focused': { borderColor: 'primary.main' },
          }}
        />
        页
      </Box>
    </Box>
  );
}
