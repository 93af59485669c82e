'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import type { ProcessRecord, ProcessStep } from '@/lib/process/process-types';
import { ProcessRecordCards } from './ProcessRecordCards';
import { ProcessRecordTable } from './ProcessRecordTable';
import { useProcessRecords } from './use-process-records';

type ProcessRecordsPaneProps = {
  newsId: number;
  steps: readonly ProcessStep[];
  version: number;
  onAdd: (process: number | null) => void;
  onEdit: (record: ProcessRecord) => void;
  onDelete: (record: ProcessRecord) => void;
};

/** The drawer's list: a clearable step filter, 新增, and the item's records. */
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
  const { records, isLoading } = useProcessRecords({ newsId, process: filter?.id ?? null, version });
  // 新增 opens on the filtered step, or else on the item's next step (the first with no record).
  const nextStep = () => {
    if (filter) return filter.id;
    if (!records) return null;
    const filled = new Set(records.map((record) => record.process));
    return steps.find((step) => !filled.has(step.id))?.id ?? null;
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Autocomplete
          options={steps}
          value={filter}
          onChange={(_, picked) => setFilter(picked)}
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
      </Box>
      <Records records={records} isLoading={isLoading} onEdit={onEdit} onDelete={onDelete} />
    </Box>
  );
}
