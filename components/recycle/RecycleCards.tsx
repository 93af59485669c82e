'use client';

import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { formatSeconds } from '@/components/revisions/format-time';
import { classLabel, itemLabel, RecycleRowActions } from './RecycleRowActions';
import type { RecycleRowsProps } from './RecycleTable';

/** The bin on a phone: one card per item (select, title, when and by whom, 恢复 · 彻底删除). */
export function RecycleCards({
  rows,
  selected,
  onToggle,
  onToggleAll,
  showClass = false,
  ...handlers
}: RecycleRowsProps) {
  const chosen = new Set(selected.map((row) => row.id));
  const isAll = rows.length > 0 && selected.length === rows.length;
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox checked={isAll} indeterminate={selected.length > 0 && !isAll} onChange={onToggleAll} />
        }
        label="选择本页全部"
        sx={{ mb: 0.5 }}
      />
      <Box
        component="ul"
        aria-label="回收站内容"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {rows.map((row) => (
          <Box
            component="li"
            key={row.id}
            sx={{
              border: 1,
              borderColor: chosen.has(row.id) ? 'primary.main' : 'divider',
              borderRadius: 1,
              p: 1,
              display: 'flex',
              gap: 0.5,
            }}
          >
            <Checkbox
              checked={chosen.has(row.id)}
              onChange={() => onToggle(row.id)}
              slotProps={{ input: { 'aria-label': `选择「${itemLabel(row)}」` } }}
              sx={{ alignSelf: 'flex-start' }}
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mt: 1 }}>
                {itemLabel(row)}
              </Typography>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {showClass && `${classLabel(row)} · `}
                {formatSeconds(row.deleted_at)} · {row.deleted_by_name || '—'} 删除
              </Typography>
              <RecycleRowActions row={row} {...handlers} />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
