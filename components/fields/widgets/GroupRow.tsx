'use client';

import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FieldDefinition } from '@/lib/fields/definition';
// Rows draw their fields with the form's own FieldSlot; the import cycle this makes (slot → widget
// map → group → slot) is resolved at render time, when every module has loaded.
import { FieldSlot } from '../form/FieldSlot';

type GroupRowProps = {
  field: FieldDefinition;
  path: string;
  index: number;
  count: number;
  isDisabled?: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

/** One row of a child_info group: its nested widgets (the same registry widgets) and row actions. */
export function GroupRow({ field, path, index, count, isDisabled = false, onMove, onRemove }: GroupRowProps) {
  const label = `第 ${index + 1} 行`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`${field.title}${label}`}
      sx={{ listStyle: 'none', p: 1.5, pb: 0, bgcolor: 'background.subtle' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="subtitle2" component="span" sx={{ flex: 1, color: 'text.secondary' }}>
          {label}
        </Typography>
        <Tooltip title="上移">
          <span>
            <IconButton
              size="small"
              aria-label={`上移${label}`}
              disabled={isDisabled || index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <ArrowUpwardRounded fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="下移">
          <span>
            <IconButton
              size="small"
              aria-label={`下移${label}`}
              disabled={isDisabled || index === count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <ArrowDownwardRounded fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="删除此行">
          <span>
            <IconButton
              size="small"
              color="error"
              aria-label={`删除${label}`}
              disabled={isDisabled}
              onClick={() => onRemove(index)}
            >
              <DeleteOutlineRounded fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', mx: -1 }}>
        {field.child_info.map((child) => (
          <FieldSlot key={child.key} field={child} path={`${path}.${index}.${child.key}`} />
        ))}
      </Box>
    </Paper>
  );
}
