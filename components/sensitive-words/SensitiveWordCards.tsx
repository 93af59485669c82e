'use client';

import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/fields/relative-time';
import { LevelChip, replacementText, type WordRowsProps } from './SensitiveWordTable';
import { WordRowActions } from './WordRowActions';

/** The words on a phone: one card each (select, word and level, replacement and note, who and when, actions). */
export function SensitiveWordCards({
  list,
  rows,
  selected,
  isLoading,
  onToggle,
  onToggleAll,
  ...handlers
}: WordRowsProps) {
  const chosen = new Set(selected.map((row) => row.id));
  const isAll = rows.length > 0 && selected.length === rows.length;
  return (
    <Box sx={{ opacity: isLoading ? 0.6 : 1 }}>
      <FormControlLabel
        control={
          <Checkbox checked={isAll} indeterminate={selected.length > 0 && !isAll} onChange={onToggleAll} />
        }
        label="选择本页全部"
        sx={{ mb: 0.5 }}
      />
      <Box
        component="ul"
        aria-label={list === 'deny' ? '敏感词' : '白名单'}
        aria-busy={isLoading}
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
              slotProps={{ input: { 'aria-label': `选择「${row.word}」` } }}
              sx={{ alignSelf: 'flex-start' }}
            />
            <Box sx={{ flex: 1, minWidth: 0, pt: 1 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {row.word}
                </Typography>
                <LevelChip row={row} />
                {row.level === 'replace' && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    → {replacementText(row)}
                  </Typography>
                )}
              </Box>
              {row.note && (
                <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {row.note}
                </Typography>
              )}
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {row.created_by || '—'} · {formatDateTime({ time: row.created_at })}
              </Typography>
              <WordRowActions row={row} {...handlers} />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
