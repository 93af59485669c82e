import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SIDE_LABELS } from './diff-styles';

function Side({ label, children, tone }: { label: string; children: ReactNode; tone: 'before' | 'after' }) {
  return (
    <Box
      sx={{
        minWidth: 0,
        p: 1.25,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        borderLeft: 3,
        borderLeftColor: tone === 'before' ? 'diff.beforeEdge' : 'diff.afterEdge',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** 此版本 and 当前 next to each other (one above the other on a phone). */
export function TwoSides({ before, after }: { before: ReactNode; after: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <Side label={SIDE_LABELS.before} tone="before">
        {before}
      </Side>
      <Side label={SIDE_LABELS.after} tone="after">
        {after}
      </Side>
    </Box>
  );
}

/** A value's text, or 空 in grey. */
export function PlainValue({ text }: { text: string }) {
  if (text === '')
    return (
      <Typography variant="body2" component="p" sx={{ color: 'text.disabled' }}>
        （空）
      </Typography>
    );
  return (
    <Typography variant="body2" component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}
