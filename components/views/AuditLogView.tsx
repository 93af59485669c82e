'use client';

import ManageSearchRounded from '@mui/icons-material/ManageSearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { AuditLogCards } from '@/components/audit/AuditLogCards';
import { AuditLogFilterForm } from '@/components/audit/AuditLogFilterForm';
import { AuditLogTable } from '@/components/audit/AuditLogTable';
import { downloadAuditLog } from '@/lib/client/api/audit';
import { NO_FILTERS, useAuditLog } from '@/components/audit/use-audit-log';
import { EmptyState } from '@/components/common/EmptyState';
import { ViewLoading } from '@/components/common/ViewLoading';
import { formatCount } from '@/components/news/format-count';

/** /system/log 操作日志: filters, the entries newest first (each opens to its detail), paging, 导出. */
export function AuditLogView() {
  const state = useAuditLog();
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [isExporting, setIsExporting] = useState(false);
  const isFiltered = JSON.stringify(state.filters) !== JSON.stringify(NO_FILTERS);

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const exportLog = async () => {
    setIsExporting(true);
    try {
      await downloadAuditLog(state.filters);
    } catch {
      // Shown by the download helper.
    } finally {
      setIsExporting(false);
    }
  };

  const isFirstLoad = state.isLoading && state.rows.length === 0;
  const list = { rows: state.rows, isLoading: state.isLoading, expanded, onToggle: toggle };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5 }}>
        <Typography variant="h6" component="h1">
          操作日志
        </Typography>
        <Typography variant="body2" component="p" aria-live="polite" sx={{ color: 'text.secondary' }}>
          {isFirstLoad ? '' : `共 ${formatCount(state.total)} 条`}
        </Typography>
      </Box>
      <AuditLogFilterForm state={state} isExporting={isExporting} onExport={() => void exportLog()} />
      {isFirstLoad ? (
        <ViewLoading label="正在加载操作日志…" />
      ) : state.rows.length === 0 ? (
        <EmptyState
          icon={<ManageSearchRounded />}
          title={isFiltered ? '没有符合条件的操作记录' : '还没有操作记录'}
          description={
            isFiltered
              ? '换个用户、操作或日期范围再试试。'
              : '登录、退出以及对设置、用户、栏目、内容、流程记录和文件的每一次修改都会记录在这里。'
          }
          action={
            isFiltered ? (
              <Button variant="outlined" onClick={state.reset}>
                清除筛选
              </Button>
            ) : undefined
          }
        />
      ) : isNarrow ? (
        <AuditLogCards {...list} />
      ) : (
        <AuditLogTable {...list} />
      )}
      <TablePagination
        component="div"
        count={state.total}
        page={Math.max(0, state.page - 1)}
        rowsPerPage={state.limit}
        rowsPerPageOptions={[20, 50, 100]}
        onPageChange={(_event, page) => state.setPage(page + 1)}
        onRowsPerPageChange={(event) => state.changeLimit(Number(event.target.value))}
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 } }}
      />
    </Box>
  );
}
