'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { UploadTask } from '../upload/use-file-uploads';

/** One bar per running upload, each with its own 取消 button. */
export function UploadProgressList({ tasks }: { tasks: readonly UploadTask[] }) {
  if (tasks.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="上传进度"
      sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'grid', gap: 1, maxWidth: 420 }}
    >
      {tasks.map((task) => (
        <Box component="li" key={task.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary' }}>
              {task.name} · {task.percent < 100 ? `${task.percent}%` : '处理中…'}
            </Typography>
            <LinearProgress
              variant={task.percent < 100 ? 'determinate' : 'indeterminate'}
              value={task.percent}
              aria-label={`${task.name} 上传进度`}
            />
          </Box>
          <Tooltip title="取消上传">
            <IconButton size="small" aria-label={`取消上传 ${task.name}`} onClick={task.cancel}>
              <CloseRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
    </Box>
  );
}
