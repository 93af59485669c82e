'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { formatCount } from '@/components/news/format-count';
import type { ProcessStatus } from '@/lib/process/process-types';

type ProcessStatusBarProps = {
  statuses: readonly ProcessStatus[] | null;
  /** The status shown: a step value as text, '0' for 未开始, '' for 全部. */
  selected: string;
  onSelect: (value: string) => void;
};

function StatusButton({
  label,
  count,
  isSelected,
  onClick,
}: {
  label: string;
  count: number;
  isSelected: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="small"
      variant={isSelected ? 'contained' : 'outlined'}
      color={isSelected ? 'primary' : 'inherit'}
      aria-pressed={isSelected}
      onClick={onClick}
      sx={{ borderColor: isSelected ? undefined : 'divider', gap: 0.75, flexShrink: 0 }}
    >
      {label}
      <Box
        component="span"
        data-testid="status-count"
        sx={{
          px: 0.75,
          borderRadius: 8,
          minWidth: 20,
          typography: 'caption',
          fontWeight: 600,
          bgcolor: isSelected ? 'rgba(255,255,255,0.25)' : 'action.selected',
        }}
      >
        {formatCount(count)}
      </Box>
    </Button>
  );
}

/** 全部 · 未开始 · each step, with how many items are at each; choosing one filters the list. */
export function ProcessStatusBar({ statuses, selected, onSelect }: ProcessStatusBarProps) {
  if (statuses === null)
    return (
      <Box sx={{ display: 'flex', gap: 1 }} role="status" aria-busy="true" aria-label="流程状态加载中">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} variant="rounded" width={84} height={30} />
        ))}
      </Box>
    );
  const total = statuses.reduce((sum, status) => sum + status.count, 0);
  return (
    <Box role="group" aria-label="流程状态" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <StatusButton label="全部" count={total} isSelected={selected === ''} onClick={() => onSelect('')} />
      {statuses.map((status) => (
        <StatusButton
          key={status.value}
          label={status.title}
          count={status.count}
          isSelected={selected === String(status.value)}
          onClick={() => onSelect(String(status.value))}
        />
      ))}
    </Box>
  );
}
