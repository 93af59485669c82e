import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A helper line with an optional counter on the right (12/50). */
export function HelperText({ message, counter }: { message?: ReactNode; counter?: string }) {
  if (!counter) return message ?? null;
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <span>{message}</span>
      <Box component="span" sx={{ flexShrink: 0 }}>
        {counter}
      </Box>
    </Box>
  );
}
