'use client';

import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useId } from 'react';
import { ScrollTableContainer, STICKY_ACTIONS } from '@/components/common/ScrollTableContainer';
import { CELL_PADDING_PX, tableMinWidth, type ColumnSize } from './column-sizes';
import { formatCount } from './format-count';
import { NewsEmpty } from './NewsEmpty';
import { NewsPagerActions } from './NewsPagerActions';
import type { NewsItem } from '@/lib/news/item-types';
import { ACTIONS_KEY, type NewsColumn } from './use-news-columns';
import { PAGE_SIZES, type NewsListState } from './use-news-list';

type NewsTableProps = {
  list: NewsListState;
  columns: NewsColumn[];
  label: string;
};

const sizeStyle = (size: ColumnSize) =>
  'width' in size ? { width: size.width } : { minWidth: size.minWidth };

const displayedRows = ({ page, pageSize, count }: { page: number; pageSize: number; count: number }) => {
  if (count === 0) return '共 0 条';
  const from = page * pageSize + 1;
  const to = Math.min(count, (page + 1) * pageSize);
  return `第 ${formatCount(from)}–${formatCount(to)} 条，共 ${formatCount(count)} 条`;
};

// Fixed-width columns (times, numbers, chips, the row's buttons) keep to one line; text wraps.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const rowName = (row: NewsItem) => row.title || `#${row.id}`;

type NewsRowProps = {
  row: NewsItem;
  columns: NewsColumn[];
  isSelected: boolean;
  onSelect: (id: number, isSelected: boolean) => void;
};

/** One item: its checkbox and cells. Memoised: ticking one row redraws that row, not the page. */
const NewsRow = memo(function NewsRow({ row, columns, isSelected, onSelect }: NewsRowProps) {
  return (
    <TableRow
      hover
      selected={isSelected}
      data-id={row.id}
      className={row.is_lock === 1 ? 'news-row--locked' : undefined}
    >
      <TableCell padding="checkbox">
        <Checkbox
          checked={isSelected}
          onChange={(event) => onSelect(row.id, event.target.checked)}
          slotProps={{ input: { 'aria-label': `选择「${rowName(row)}」` } }}
        />
      </TableCell>
      {columns.map((column) => (
        <TableCell
          key={column.key}
          className={column.key === ACTIONS_KEY ? STICKY_ACTIONS : undefined}
          sx={'width' in column.size ? NO_WRAP : undefined}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>{column.render(row)}</Box>
        </TableCell>
      ))}
    </TableRow>
  );
});

/**
 * The page of items on MUI's plain table (not a data grid: a category lists a handful of columns,
 * no sorting, no virtual scrolling — and the grid was a quarter of the list screen's JavaScript):
 * server-side paging with numbered pages and 前往, a checkbox per row and 全选本页, the first load
 * as skeleton lines, dimmed rows under a spinner on later loads, 暂无数据 when empty. A table wider
 * than its box scrolls inside it, the row's actions staying at its right edge.
 */
export function NewsTable({ list, columns, label }: NewsTableProps) {
  const { rows, isLoading, selection, setSelection } = list;
  const selectedOnPage = rows.filter((row) => selection.has(row.id)).length;
  const isAllSelected = rows.length > 0 && selectedOnPage === rows.length;
  const select = useCallback(
    (id: number, isSelected: boolean) =>
      setSelection((current) => {
        const next = new Set(current);
        if (isSelected) next.add(id);
        else next.delete(id);
        return next;
      }),
    [setSelection],
  );
  const selectPage = (isSelected: boolean) =>
    setSelection(isSelected ? new Set(rows.map((row) => row.id)) : new Set());
  const isFirstLoad = isLoading && rows.length === 0;

  return (
    <Box>
      <Box sx={{ position: 'relative' }}>
        {isLoading && !isFirstLoad && (
          <CircularProgress
            size={28}
            aria-label="正在加载"
            sx={{ position: 'absolute', top: 'calc(50% - 14px)', left: 'calc(50% - 14px)', zIndex: 1 }}
          />
        )}
        <ScrollTableContainer>
          <Table
            aria-label={label}
            aria-busy={isLoading}
            sx={{
              minWidth: tableMinWidth(columns.map((column) => column.size)),
              '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: `${CELL_PADDING_PX}px` },
              '& .MuiTableCell-head': { bgcolor: 'background.subtle', fontWeight: 600, whiteSpace: 'nowrap' },
              '& .MuiTableCell-body': { py: 1, height: 56, boxSizing: 'border-box' },
              '& .news-row--locked': { bgcolor: 'action.hover' },
              // The sticky cell stays opaque: the row's tint is laid over its own background.
              '& .news-row--locked > .sticky-actions': (theme) => ({
                backgroundImage: `linear-gradient(${(theme.vars ?? theme).palette.action.hover}, ${(theme.vars ?? theme).palette.action.hover})`,
              }),
            }}
          >
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={isAllSelected}
                    indeterminate={selectedOnPage > 0 && !isAllSelected}
                    disabled={rows.length === 0}
                    onChange={(event) => selectPage(event.target.checked)}
                    slotProps={{ input: { 'aria-label': '全选本页' } }}
                  />
                </TableCell>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    className={column.key === ACTIONS_KEY ? STICKY_ACTIONS : undefined}
                    sx={sizeStyle(column.size)}
                  >
                    {column.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody sx={{ opacity: isLoading && !isFirstLoad ? 0.6 : 1, transition: 'opacity .2s' }}>
              {rows.map((row) => (
                <NewsRow
                  key={row.id}
                  row={row}
                  columns={columns}
                  isSelected={selection.has(row.id)}
                  onSelect={select}
                />
              ))}
            </TableBody>
          </Table>
        </ScrollTableContainer>
        {isFirstLoad && (
          <Box role="status" aria-label="正在加载" sx={{ px: 2, py: 1 }}>
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} height={48} />
            ))}
          </Box>
        )}
        {!isLoading && rows.length === 0 && (
          <Box sx={{ height: 240 }}>
            <NewsEmpty onRetry={list.hasFailed ? () => list.refresh() : undefined} />
          </Box>
        )}
      </Box>
      <NewsTableFooter list={list} />
    </Box>
  );
}

/**
 * 每页条数, the rows shown of how many, and the pager (not MUI's TablePagination, which brings
 * Tooltip and Popper.js to the first screen for its arrow buttons' tooltips). On a narrow screen
 * the pager and 前往 wrap under the count.
 */
function NewsTableFooter({ list }: { list: NewsListState }) {
  const { total, pagination, changePagination } = list;
  const sizeLabelId = useId();
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 3,
        rowGap: 1,
        px: 2,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        fontSize: 14,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={sizeLabelId} variant="body2">
          每页条数
        </Typography>
        <Select
          variant="standard"
          disableUnderline
          labelId={sizeLabelId}
          value={pagination.pageSize}
          onChange={(event) => changePagination({ page: 0, pageSize: Number(event.target.value) })}
          sx={{ fontSize: 14 }}
        >
          {PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </Select>
      </Box>
      <Typography variant="body2" data-testid="news-page-range" aria-live="polite">
        {displayedRows({ page: pagination.page, pageSize: pagination.pageSize, count: total })}
      </Typography>
      <NewsPagerActions
        count={total}
        page={pagination.page}
        rowsPerPage={pagination.pageSize}
        onPageChange={(page) => changePagination({ page, pageSize: pagination.pageSize })}
      />
    </Box>
  );
}
