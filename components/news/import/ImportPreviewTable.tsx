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
import type { ContentFields } from '@/lib/categories/content-fields';
import type { BaseSetKey } from '@/lib/categories/class-types';
import type { FieldDefinition } from '@/lib/fields/definition';
import type { StoredValue } from '@/lib/fields/type-definition';
import { valueText } from '@/lib/fields/value-text';
import type { ImportAnswer } from '@/lib/client/api/news-import';
import { baseField, NEW_TIME_FIELD } from '@/lib/news/base-columns';
import { headCell, tableBox } from './ImportAnswerParts';

// 预检's preview: the first rows of the file as import_news would save them (its `preview`), one
// column per mapped field under the field's title, each value as the list and the export show it
// (an option's label, a time as text, rich text as plain text), cut to one line with the whole
// text on hover. The table scrolls inside its own box: a phone never scrolls the page sideways.

const BASE_KEYS = new Set<string>(['title', 'short_title', 'intro', 'content']);
const ACTION_TEXT: Record<string, string> = { create: '新增', update: '更新', unchanged: '无变化' };
/** Characters of a value shown whole; a longer one is cut (the cell's title holds all of it). */
const CELL_CHARS = 40;

type PreviewRow = ImportAnswer['preview'][number];
type PreviewColumn = { key: string; title: string; text: (row: PreviewRow) => string };

/** The mapped targets in the file's column order, each with how its preview value reads. */
export const previewColumns = (answer: ImportAnswer, fields: ContentFields): PreviewColumn[] => {
  const fieldOf = (key: string): FieldDefinition | null =>
    BASE_KEYS.has(key)
      ? baseField({ baseSet: fields.base_set, key: key as BaseSetKey })
      : key === NEW_TIME_FIELD.key
        ? NEW_TIME_FIELD
        : (fields.list.find((field) => field.key === key) ?? null);
  const seen = new Set<string>();
  return answer.columns.flatMap((column) => {
    const key = column.field;
    const target = answer.targets.find((entry) => entry.key === key);
    if (!key || !target || seen.has(key)) return [];
    seen.add(key);
    if (key === 'id')
      return [{ key, title: target.title, text: (row) => (row.id === null ? '' : String(row.id)) }];
    if (key === 'is_lock') return [{ key, title: target.title, text: (row) => (row.is_lock ? '是' : '否') }];
    const field = fieldOf(key);
    return [
      {
        key,
        title: target.title,
        text: (row) => {
          const value = row[key] as StoredValue | undefined;
          if (field) return valueText({ field, value });
          return value === null || value === undefined ? '' : String(value);
        },
      },
    ];
  });
};

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
