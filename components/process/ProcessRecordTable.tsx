'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoment } from './format-process';
import type { ProcessRecord } from '@/lib/process/process-types';

export type ProcessRecordTableProps = {
  records: readonly ProcessRecord[] | null;
  isLoading: boolean;
  onEdit: (record: ProcessRecord) => void;
  onDelete: (record: ProcessRecord) => void;
};

const HEAD = { fontWeight: 600, bgcolor: 'background.subtle', whiteSpace: 'nowrap' } as const;

/** 标题 · 时间 · 流程名称 · 操作 (修改, 删除), newest first; 暂无流程记录 when there is none. */
export function ProcessRecordTable({ records, isLoading, onEdit, onDelete }: ProcessRecordTableProps) {
  return (
    <Box sx={{ position: 'relative', overflowX: 'auto' }}>
      {isLoading && (
        <LinearProgress
          aria-label="流程记录加载中"
          sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
        />
      )}
      <Table size="small" aria-label="流程记录" sx={{ minWidth: 340 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={HEAD}>标题</TableCell>
            <TableCell sx={HEAD}>时间</TableCell>
            <TableCell sx={HEAD}>流程名称</TableCell>
            <TableCell sx={HEAD} align="right">
              操作
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records !== null && records.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} align="center" sx={{ py: 5, color: 'text.secondary' }} role="status">
                暂无流程记录
              </TableCell>
            </TableRow>
          )}
          {records === null && !isLoading && (
            <TableRow>
              <TableCell colSpan={4} align="center" sx={{ py: 5, color: 'text.secondary' }}>
                —
              </TableCell>
            </TableRow>
          )}
          {records?.map((record) => (
            <TableRow key={record.id} hover>
              <TableCell sx={{ wordBreak: 'break-word' }}>{record.title}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoment(record.time)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{record.process_name}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button
                  size="small"
                  sx={{ minWidth: 0 }}
                  onClick={() => onEdit(record)}
                  aria-label={`修改「${record.title}」`}
                >
                  修改
                </Button>
                <Button
                  size="small"
                  color="error"
                  sx={{ minWidth: 0 }}
                  onClick={() => onDelete(record)}
                  aria-label={`删除「${record.title}」`}
                >
                  删除
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
