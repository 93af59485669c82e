'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HomeStep } from '@/lib/home/home-types';

/**
 * A process category's items per step as horizontal bars: the step's title, a bar scaled to the
 * largest step and the count. Plain elements (no chart library); a screen reader reads each entry
 * as its title and count.
 */
export function StepBars({ steps, label }: { steps: readonly HomeStep[]; label: string }) {
  const largest = Math.max(1, ...steps.map((step) => step.count));
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {steps.map((step) => (
        <Box
          component="li"
          key={step.value}
          sx={{ display: 'grid', gridTemplateColumns: '5.5em 1fr 3.5em', alignItems: 'center', gap: 1 }}
        >
          <Typography variant="caption" noWrap title={step.title} sx={{ color: 'text.secondary' }}>
            {step.title}
          </Typography>
          <Box aria-hidden sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}>
            <Box
              sx={{
                height: '100%',
                width: `${(step.count / largest) * 100}%`,
                minWidth: step.count > 0 ? 4 : 0,
                bgcolor: step.value === 0 ? 'text.disabled' : 'primary.main',
                borderRadius: 4,
              }}
            />
          </Box>
          <Typography variant="caption" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {step.count.toLocaleString('zh-CN')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
