'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatMoment } from './format-process';
import type { ProcessRecordTableProps } from './ProcessRecordTable';

/** The records on a phone: one card each (标题, then 时间 · 流程名称, then 修改 / 删除) instead of a table too wide for it. */
export function ProcessRecordCards({ records, isLoading, onEdit, onDelete }: ProcessRecordTableProps) {
  return (
    <Box sx={{ position: 'relative' }}>
      {isLoading && (
        <LinearProgress
          aria-label="流程记录加载中"
          sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
        />
      )}
      {records !== null && records.length === 0 && (
        <Typography role="status" sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
          暂无流程记录
        </Typography>
      )}
      <Box component="ul" aria-label="流程记录" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {records?.map((record) => (
          <Box
            component="li"
            key={record.id}
            sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
          >
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{record.title}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatMoment(record.time)} · {record.process_name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, ml: -1 }}>
              <Button size="small" onClick={() => onEdit(record)} aria-label={`修改「${record.title}」`}>
                修改
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => onDelete(record)}
                aria-label={`删除「${record.title}」`}
              >
                删除
              </Button>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
