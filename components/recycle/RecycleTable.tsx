'use client';

import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ScrollTableContainer, STICKY_ACTIONS } from '@/components/common/ScrollTableContainer';
import { formatSeconds } from '@/components/revisions/format-time';
import type { RecycleItem } from '@/lib/news/recycle-types';
import { classLabel, itemLabel, RecycleRowActions, type RecycleRowHandlers } from './RecycleRowActions';

export type RecycleRowsProps = RecycleRowHandlers & {
  rows: readonly RecycleItem[];
  selected: readonly RecycleItem[];
  onToggle: (id: number) => void;
  onToggleAll: () => void;
};

const HEAD = { fontWeight: 600, bgcolor: 'background.subtle', whiteSpace: 'nowrap' } as const;

/** ☐ · 标题 · (栏目, in the bin of every category) · 删除时间 · 删除人 · 操作, newest deletion first. */
export function RecycleTable({
  rows,
  selected,
  onToggle,
  onToggleAll,
  showClass = false,
  ...handlers
}: RecycleRowsProps) {
  const isAll = rows.length > 0 && selected.length === rows.length;
  const chosen = new Set(selected.map((row) => row.id));
  return (
    <ScrollTableContainer>
      <Table size="small" aria-label="回收站内容">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" sx={HEAD}>
              <Checkbox
                checked={isAll}
                indeterminate={selected.length > 0 && !isAll}
                onChange={onToggleAll}
                slotProps={{ input: { 'aria-label': '选择本页全部' } }}
              />
            </TableCell>
            <TableCell sx={HEAD}>标题</TableCell>
            {showClass && <TableCell sx={HEAD}>栏目</TableCell>}
            <TableCell sx={HEAD}>删除时间</TableCell>
            <TableCell sx={HEAD}>删除人</TableCell>
            <TableCell sx={HEAD} align="right" className={STICKY_ACTIONS}>
              操作
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover selected={chosen.has(row.id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={chosen.has(row.id)}
                  onChange={() => onToggle(row.id)}
                  slotProps={{ input: { 'aria-label': `选择「${itemLabel(row)}」` } }}
                />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{itemLabel(row)}</TableCell>
              {showClass && (
                <TableCell sx={{ color: row.is_class_gone ? 'text.secondary' : undefined }}>
                  {classLabel(row)}
                </TableCell>
              )}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatSeconds(row.deleted_at)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.deleted_by_name || '—'}</TableCell>
              <TableCell align="right" className={STICKY_ACTIONS}>
                <RecycleRowActions row={row} {...handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTableContainer>
  );
}
