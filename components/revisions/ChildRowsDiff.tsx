'use client';

import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { FieldDefinition } from '@/lib/fields/definition';
import type { StoredValue } from '@/lib/fields/type-definition';
import { valueText } from '@/lib/fields/value-text';
import { ADDED_SX, REMOVED_SX, SIDE_LABELS } from './diff-styles';
import { PictureThumbs } from './PictureThumbs';
import { isPictureType, sameValue } from './value-kinds';

type Row = Record<string, unknown>;

const rowsOf = (value: unknown): Row[] =>
  Array.isArray(value) ? value.map((row) => (row && typeof row === 'object' ? (row as Row) : {})) : [];

const HEAD = { fontWeight: 600, bgcolor: 'background.subtle', whiteSpace: 'nowrap' } as const;

function Cells({
  columns,
  row,
  other,
  side,
}: {
  columns: readonly FieldDefinition[];
  row: Row;
  other: Row | null;
  side: 'before' | 'after' | 'same';
}) {
  return columns.map((column) => {
    const value = row[column.key];
    const isChanged = side !== 'same' && (other === null || !sameValue(value, other[column.key]));
    const mark = isChanged ? (side === 'before' ? REMOVED_SX : ADDED_SX) : undefined;
    return (
      <TableCell key={column.key} sx={{ minWidth: 96, verticalAlign: 'top' }}>
        {isPictureType(column.type) ? (
          <PictureThumbs
            value={value}
            other={other?.[column.key]}
            side={side === 'after' ? 'after' : 'before'}
            title={column.title}
          />
        ) : (
          <Box
            component="span"
            sx={{
              ...mark,
              overflowWrap: 'anywhere',
              color: side === 'same' ? 'text.secondary' : mark?.color,
            }}
          >
            {valueText({ field: column, value: (value ?? null) as StoredValue })}
          </Box>
        )}
      </TableCell>
    );
  });
}

/** A child_info group row by row: unchanged rows once, changed rows as 此版本 over 当前, changed cells marked. */
export function ChildRowsDiff({
  field,
  before,
  after,
}: {
  field: FieldDefinition;
  before: unknown;
  after: unknown;
}) {
  const was = rowsOf(before);
  const now = rowsOf(after);
  const columns = field.child_info;
  const count = Math.max(was.length, now.length);
  return (
    <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={`${field.title}逐行比较`}>
        <TableHead>
          <TableRow>
            <TableCell sx={HEAD}>行</TableCell>
            <TableCell sx={HEAD}>版本</TableCell>
            {columns.map((column) => (
              <TableCell key={column.key} sx={HEAD}>
                {column.title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {Array.from({ length: count }, (_, index) => {
            const old = was[index] ?? null;
            const current = now[index] ?? null;
            if (old && current && sameValue(old, current))
              return (
                <TableRow key={index}>
                  <TableCell>{index + 1}</TableCell>
                  <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>相同</TableCell>
                  <Cells columns={columns} row={current} other={old} side="same" />
                </TableRow>
              );
            const lines = [
              old && {
                side: 'before' as const,
                row: old,
                other: current,
                label: current ? SIDE_LABELS.before : `${SIDE_LABELS.before}（当前已删除此行）`,
              },
              current && {
                side: 'after' as const,
                row: current,
                other: old,
                label: old ? SIDE_LABELS.after : `${SIDE_LABELS.after}（新增的行）`,
              },
            ].filter((line) => line !== null);
            return lines.map((line, lineIndex) => (
              <TableRow key={`${index}-${line.side}`}>
                {lineIndex === 0 && (
                  <TableCell rowSpan={lines.length} sx={{ verticalAlign: 'top' }}>
                    {index + 1}
                  </TableCell>
                )}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.label}</TableCell>
                <Cells columns={columns} row={line.row} other={line.other} side={line.side} />
              </TableRow>
            ));
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
