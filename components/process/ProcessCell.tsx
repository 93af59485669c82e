import Chip from '@mui/material/Chip';
import type { ProcessOption } from '@/lib/categories/schemas';

/** The list's 流程 cell: the step an item stands at (its latest filled step), or 未开始. */
export function ProcessCell({ value, steps }: { value: unknown; steps: readonly ProcessOption[] }) {
  const index = steps.findIndex((step) => step.value === Number(value));
  if (index < 0)
    return <Chip label="未开始" size="small" variant="outlined" sx={{ color: 'text.secondary' }} />;
  const isLast = index === steps.length - 1;
  return (
    <Chip label={steps[index].title} size="small" color={isLast ? 'success' : 'primary'} variant="outlined" />
  );
}
