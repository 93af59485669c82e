'use client';

import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { ScrollTableContainer, STICKY_ACTIONS } from '@/components/common/ScrollTableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LEVEL_COLORS, levelLabel, replacementOf } from '@/components/sensitive/hit-text';
import { formatDateTime } from '@/lib/fields/relative-time';
import type { SensitiveList, SensitiveWordRow } from '@/lib/sensitive/levels';
import { WordRowActions, type WordRowHandlers } from './WordRowActions';

export type WordRowsProps = WordRowHandlers & {
  list: SensitiveList;
  rows: readonly SensitiveWordRow[];
  selected: readonly SensitiveWordRow[];
  isLoading: boolean;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
};

const HEAD = { fontWeight: 600, bgcolor: 'background.subtle', whiteSpace: 'nowrap' } as const;

/** A level as a chip in its colour. */
export function LevelChip({ row }: { row: SensitiveWordRow }) {
  if (!row.level) return null;
  return (
    <Chip size="small" variant="outlined" color={LEVEL_COLORS[row.level]} label={levelLabel(row.level)} />
  );
}

/** What a replace word becomes; — for the other levels. */
export const replacementText = (row: SensitiveWordRow) =>
  row.level === 'replace'
    ? replacementOf({ replacement: row.replacement, text: row.word, word: row.word })
    : '—';

/** ☐ · 词语 · 级别 · 替换为 · 说明 · 添加人 · 添加时间 · 操作 (白名单: no 级别 and 替换为), newest first. */
export function SensitiveWordTable({
  list,
  rows,
  selected,
  isLoading,
  onToggle,
  onToggleAll,
  ...handlers
}: WordRowsProps) {
  const isDeny = list === 'deny';
  const isAll = rows.length > 0 && selected.length === rows.length;
  const chosen = new Set(selected.map((row) => row.id));
  return (
    <ScrollTableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={isDeny ? '敏感词' : '白名单'} aria-busy={isLoading}>
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
            <TableCell sx={HEAD}>词语</TableCell>
            {isDeny && <TableCell sx={HEAD}>级别</TableCell>}
            {isDeny && <TableCell sx={HEAD}>替换为</TableCell>}
            <TableCell sx={HEAD}>说明</TableCell>
            <TableCell sx={HEAD}>添加人</TableCell>
            <TableCell sx={HEAD}>添加时间</TableCell>
            <TableCell sx={HEAD} align="right" className={STICKY_ACTIONS}>
              操作
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody sx={{ opacity: isLoading ? 0.6 : 1 }}>
          {rows.map((row) => (
            <TableRow key={row.id} hover selected={chosen.has(row.id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={chosen.has(row.id)}
                  onChange={() => onToggle(row.id)}
                  slotProps={{ input: { 'aria-label': `选择「${row.word}」` } }}
                />
              </TableCell>
              <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere', minWidth: 96 }}>
                {row.word}
              </TableCell>
              {isDeny && (
                <TableCell>
                  <LevelChip row={row} />
                </TableCell>
              )}
              {isDeny && <TableCell sx={{ overflowWrap: 'anywhere' }}>{replacementText(row)}</TableCell>}
              <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
                {row.note || (
                  <Typography component="span" variant="body2" sx={{ color: 'text.disabled' }}>
                    —
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.created_by || '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime({ time: row.created_at })}</TableCell>
              <TableCell align="right" className={STICKY_ACTIONS}>
                <WordRowActions row={row} {...handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTableContainer>
  );
}
