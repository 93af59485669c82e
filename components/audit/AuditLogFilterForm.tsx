'use client';

import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { SearchForm } from '@/components/common/SearchForm';
import { PickerLocalization } from '@/components/fields/primitives/PickerLocalization';
import { DATE_FORMAT } from '@/components/fields/primitives/picker-values';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '@/lib/audit/actions';
import type { AuditLogState } from './use-audit-log';

type Props = {
  state: Pick<AuditLogState, 'draft' | 'changeDraft' | 'search' | 'reset'>;
  isExporting: boolean;
  onExport: () => void;
};

const options = (labels: Record<string, string>) => [
  <MenuItem key="" value="">
    全部
  </MenuItem>,
  ...Object.entries(labels).map(([value, label]) => (
    <MenuItem key={value} value={value}>
      {label}
    </MenuItem>
  )),
];

/** A picked day as seconds: its first second for 从, its last for 到 (the browser's days). */
const daySeconds = (picked: Dayjs | null, edge: 'start' | 'end') =>
  picked?.isValid() ? (edge === 'start' ? picked.startOf('day') : picked.endOf('day')).unix() : undefined;

const FIELD_SX = { width: { xs: '100%', sm: 168 } } as const;

/** 用户 · 操作 · 对象 · 日期从/到, then 搜索 / 重置 / 导出. Enter in a box searches. */
export function AuditLogFilterForm({ state, isExporting, onExport }: Props) {
  const { draft, changeDraft } = state;
  const day = (edge: 'start' | 'end', label: string) => (
    <DatePicker
      label={label}
      format={DATE_FORMAT}
      value={draft[edge] === undefined ? null : dayjs.unix(draft[edge])}
      onChange={(picked) => changeDraft({ [edge]: daySeconds(picked, edge) })}
      slotProps={{ field: { clearable: true }, textField: { size: 'small', name: edge, sx: FIELD_SX } }}
    />
  );
  return (
    <SearchForm
      label="筛选操作日志"
      onSearch={state.search}
      onReset={state.reset}
      actions={
        <Button
          type="button"
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={onExport}
          loading={isExporting}
          loadingPosition="start"
        >
          导出
        </Button>
      }
    >
      <TextField
        size="small"
        label="用户名"
        name="user"
        value={draft.user}
        onChange={(event) => changeDraft({ user: event.target.value })}
        sx={FIELD_SX}
      />
      <TextField
        select
        size="small"
        label="操作"
        name="action"
        value={draft.action}
        onChange={(event) => changeDraft({ action: event.target.value })}
        sx={FIELD_SX}
      >
        {options(AUDIT_ACTIONS)}
      </TextField>
      <TextField
        select
        size="small"
        label="对象"
        name="target"
        value={draft.target}
        onChange={(event) => changeDraft({ target: event.target.value })}
        sx={FIELD_SX}
      >
        {options(AUDIT_TARGETS)}
      </TextField>
      <PickerLocalization>
        {day('start', '日期从')}
        {day('end', '日期到')}
      </PickerLocalization>
    </SearchForm>
  );
}
