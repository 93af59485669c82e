'use client';

import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCount } from '@/components/news/format-count';
import type { ImportAnswer } from '@/lib/client/api/news-import';

// What the 导入 dialog shows of an answer (预检 and the result): the counts and the error table.

export const headCell = { fontWeight: 600, whiteSpace: 'nowrap' } as const;
export const tableBox = { border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'auto' } as const;

export function ErrorTable({ answer }: { answer: ImportAnswer }) {
  if (answer.errors.length === 0) return null;
  return (
    <>
      <Box sx={{ ...tableBox, maxHeight: 300 }}>
        <Table size="small" stickyHeader aria-label="错误行">
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...headCell, width: 96 }}>行号</TableCell>
              <TableCell sx={{ ...headCell, width: 120 }}>列</TableCell>
              <TableCell sx={headCell}>错误</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.errors.map((error, index) => (
              <TableRow key={`${error.row}-${error.cell}-${index}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>第 {error.row} 行</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {error.column ? `${error.column}${error.cell ? `（${error.cell}）` : ''}` : '—'}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {answer.errors_total > answer.errors.length && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          只列出前 {formatCount(answer.errors.length)} 个错误，下载错误行可看到全部。
        </Typography>
      )}
    </>
  );
}

export function Counts({ answer }: { answer: ImportAnswer }) {
  const items = [
    ['共', answer.total],
    ['新增', answer.created],
    ['更新', answer.updated],
    ['无变化', answer.unchanged],
    ['有错误', answer.skipped],
  ] as const;
  return (
    <Box component="dl" aria-label="行数" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0 }}>
      {items.map(([label, value]) => (
        <Box
          key={label}
          sx={{ px: 1.5, py: 0.75, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 72 }}
        >
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="subtitle1"
            sx={{ m: 0, fontWeight: 600, color: label === '有错误' && value > 0 ? 'error.main' : undefined }}
          >
            {formatCount(value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
