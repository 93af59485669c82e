'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, useState } from 'react';
import { useHasBeenTrue } from '@/components/common/use-has-been-true';
import { usePagedRows } from '@/components/common/use-paged-rows';
import { fetchProcessPage, fetchProcessSteps } from '@/lib/client/api/process';
import type { ProcessRecord, ProcessStep } from '@/lib/process/process-types';
import { ProcessRecordCards } from './ProcessRecordCards';
import { ProcessRecordTable } from './ProcessRecordTable';
import { useLoaded } from './use-loaded';

const ROWS_PER_PAGE = [20, 50, 100];

type ProcessRecordsPaneProps = {
  newsId: number;
  steps: readonly ProcessStep[];
  version: number;
  onAdd: (process: number | null) => void;
  onEdit: (record: ProcessRecord) => void;
  onDelete: (record: ProcessRecord) => void;
};

/**
 * The drawer's list: a clearable step filter, 新增, and the item's records page by page (newest
 * first; the pager shows once there are more than fit on the smallest page).
 */
export function ProcessRecordsPane({
  newsId,
  steps,
  version,
  onAdd,
  onEdit,
  onDelete,
}: ProcessRecordsPaneProps) {
  const [filter, setFilter] = useState<ProcessStep | null>(null);
  const Records = useMediaQuery('(max-width:599.95px)') ? ProcessRecordCards : ProcessRecordTable;
  const list = usePagedRows({
    initialQuery: { newsId, process: null as number | null },
    fetchRows: fetchProcessPage,
    // A delete that empties the last page shows the new last one.
    stepBackWhenEmpty: true,
  });
  const { setQuery, setPage, reload } = list;
  const hasLoaded = useHasBeenTrue(!list.isLoading);
  const top = useRef<HTMLDivElement>(null);
  // A save or delete moves `version`: the page shown loads again.
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    reload();
  }, [version, reload]);
  // The item's steps, stamped by their latest record (none: no record yet), for 新增's default step.
  const { data: itemSteps } = useLoaded({
    key: String(newsId),
    version,
    load: () => fetchProcessSteps({ newsId }),
  });
  const choose = (picked: ProcessStep | null) => {
    setFilter(picked);
    setQuery({ newsId, process: picked?.id ?? null });
    setPage(1);
  };
  // A page turned at the foot of a long one is shown from its top, once its rows are drawn.
  const isTurning = useRef(false);
  const turnTo = (page: number) => {
    isTurning.current = true;
    setPage(page);
  };
  useEffect(() => {
    if (!isTurning.current || list.isLoading) return;
    isTurning.current = false;
    top.current?.scrollIntoView({ block: 'start' });
  }, [list.rows, list.isLoading]);
  const isPaged = list.total > ROWS_PER_PAGE[0] || list.page > 1;
  // 新增 opens on the filtered step, or else on the item's next step (the first with no record).
  const nextStep = () => {
    if (filter) return filter.id;
    return itemSteps?.find((step) => step.timestamp === null)?.id ?? null;
  };
  return (
    // scrollMarginTop: scrolled to, the drawer's padding above it stays in view.
    <Box ref={top} sx={{ display: 'flex', flexDirection: 'column', gap: 2, scrollMarginTop: '20px' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Autocomplete
          options={steps}
          value={filter}
          onChange={(_, picked) => choose(picked)}
          getOptionLabel={(step) => step.content}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText="没有流程步骤"
          clearText="清除"
          openText="展开"
          closeText="收起"
          size="small"
          sx={{ width: 220, maxWidth: '100%' }}
          renderInput={(params) => <TextField {...params} label="流程" placeholder="全部流程" />}
        />
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => onAdd(nextStep())}>
          新增
        </Button>
        {isPaged && (
          <Typography variant="body2" role="status" sx={{ ml: 'auto', color: 'text.secondary' }}>
            共 {list.total} 条记录
          </Typography>
        )}
      </Box>
      <Records
        records={hasLoaded ? list.rows : null}
        isLoading={list.isLoading}
        onEdit={onEdit}
        onDelete={onDelete}
      />
      {isPaged && (
        <TablePagination
          component="div"
          count={list.total}
          page={Math.max(0, list.page - 1)}
          rowsPerPage={list.limit}
          rowsPerPageOptions={ROWS_PER_PAGE}
          onPageChange={(_event, page) => turnTo(page + 1)}
          onRowsPerPageChange={(event) => list.changeLimit(Number(event.target.value))}
          aria-label="流程记录分页"
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 } }}
        />
      )}
    </Box>
  );
}
