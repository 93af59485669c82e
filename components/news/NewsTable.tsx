'use client';

import { DataGrid, type GridColDef, type GridLocaleText } from '@mui/x-data-grid';
import { zhCN } from '@mui/x-data-grid/locales';
import { formatCount } from './format-count';
import { NewsEmpty } from './NewsEmpty';
import { NewsPagerActions } from './NewsPagerActions';
import type { NewsItem } from './news-types';
import { PAGE_SIZES, type NewsListState } from './use-news-list';

const LOCALE_TEXT: Partial<GridLocaleText> = {
  ...zhCN.components.MuiDataGrid.defaultProps.localeText,
  noRowsLabel: '暂无数据',
  paginationRowsPerPage: '每页条数',
  paginationDisplayedRows: ({ from, to, count }) =>
    count > 0 ? `第 ${formatCount(from)}–${formatCount(to)} 条，共 ${formatCount(count)} 条` : '共 0 条',
};

type NewsTableProps = {
  list: NewsListState;
  columns: GridColDef<NewsItem>[];
  label: string;
};

/** The page of items: server-side paging (rowCount = total), a checkbox column, 暂无数据 when empty. */
export function NewsTable({ list, columns, label }: NewsTableProps) {
  return (
    <DataGrid<NewsItem>
      aria-label={label}
      rows={list.rows}
      columns={columns}
      rowCount={list.total}
      loading={list.isLoading}
      paginationMode="server"
      paginationModel={list.pagination}
      onPaginationModelChange={list.changePagination}
      pageSizeOptions={PAGE_SIZES}
      checkboxSelection
      disableRowSelectionOnClick
      disableRowSelectionExcludeModel
      // The toolbar says how many are selected.
      hideFooterSelectedRowCount
      rowSelectionModel={list.selection}
      onRowSelectionModelChange={list.setSelection}
      getRowClassName={({ row }) => (row.is_lock === 1 ? 'news-row--locked' : '')}
      disableColumnMenu
      disableColumnSorting
      disableColumnFilter
      autoHeight
      rowHeight={56}
      // Every column stays in the DOM: a category lists a handful, and the lock mark in the first must not vanish on scroll.
      columnBufferPx={4000}
      localeText={LOCALE_TEXT}
      slots={{ noRowsOverlay: NewsEmpty }}
      slotProps={{
        loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' },
        basePagination: { material: { ActionsComponent: NewsPagerActions } },
      }}
      sx={{
        border: 0,
        '--DataGrid-overlayHeight': '240px',
        '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' },
        '& .MuiDataGrid-columnHeader': { bgcolor: 'grey.50' },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        '& .news-row--locked': { bgcolor: 'action.hover' },
        // On a narrow screen the pager and 前往 wrap under the row count instead of overflowing.
        '& .MuiDataGrid-footerContainer': { overflow: 'visible' },
        '& .MuiTablePagination-root': { overflow: 'visible' },
        '& .MuiTablePagination-toolbar': {
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          rowGap: 1,
          py: 1,
          height: 'auto',
        },
      }}
    />
  );
}
