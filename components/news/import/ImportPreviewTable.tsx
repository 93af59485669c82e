'use client';

import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatCount } from '@/components/news/format-count';
import type { ImportAnswer } from '@/lib/client/api/news-import';
import type { ContentFields } from '@/lib/categories/content-fields';
import { headCell, tableBox } from './ImportAnswerParts';
import { previewColumns } from './preview-columns';

// 预检's preview: the first rows of the file as import_news would save them (its `preview`), one
// column per mapped field under the field's title, each value as the list and the export show it
// (an option's label, a time as text, rich text as plain text), cut to one line with the whole
// text on hover. The table scrolls inside its own box: a phone never scrolls the page sideways.

const ACTION_TEXT: Record<string, string> = { create: '新增', update: '更新', unchanged: '无变化' };
/** Characters of a value shown whole; a longer one is cut (the cell's title holds all of it). */
const CELL_CHARS = 40;

function ValueCell({ text }: { text: string }) {
  const chars = [...text];
  const isLong = chars.length > CELL_CHARS;
  return (
    <TableCell
      title={isLong ? text : undefined}
      sx={{ maxWidth: 220, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
    >
      {isLong ? `${chars.slice(0, CELL_CHARS).join('')}…` : text}
    </TableCell>
  );
}

export function ImportPreviewTable({
  answer,
  fields,
  isLoading,
}: {
  answer: ImportAnswer;
  fields: ContentFields;
  /** A new 预检 is running: the rows shown are the last one's. */
  isLoading: boolean;
}) {
  const headingId = useId();
  const columns = previewColumns(answer, fields);
  const rows = answer.preview;
  const hasActions = rows.some((row) => row.action !== 'create');
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id={headingId} variant="subtitle2" component="h3">
        预览
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
          {rows.length > 0
            ? `前 ${formatCount(rows.length)} 行，按导入后的样子显示${answer.valid > rows.length ? `（共 ${formatCount(answer.valid)} 行可导入）` : ''}`
            : ''}
        </Typography>
      </Typography>
      {isLoading && <LinearProgress aria-label="正在预检" />}
      {rows.length === 0 ? (
        <Typography
          variant="body2"
          sx={{ ...tableBox, px: 2, py: 1.5, color: 'text.secondary', borderStyle: 'dashed' }}
        >
          {answer.total === 0 ? '文件中没有数据行。' : '没有可以导入的行：每一行都有错误。'}
        </Typography>
      ) : (
        <Box sx={{ ...tableBox, maxHeight: 320, opacity: isLoading ? 0.6 : 1 }} aria-busy={isLoading}>
          <Table size="small" stickyHeader aria-label="预览">
            <TableHead>
              <TableRow>
                <TableCell sx={{ ...headCell, width: 56 }}>行号</TableCell>
                {hasActions && <TableCell sx={{ ...headCell, width: 72 }}>操作</TableCell>}
                {columns.map((column) => (
                  <TableCell key={column.key} sx={headCell}>
                    {column.title}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.row}>
                  <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{row.row}</TableCell>
                  {hasActions && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {ACTION_TEXT[row.action] ?? row.action}
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <ValueCell key={column.key} text={column.text(row)} />
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
