import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** The 内容 dialog while the item loads: the shape of the form to come. */
export function NewsFormSkeleton() {
  return (
    <Box role="status" aria-label="正在加载内容" sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
      <Skeleton variant="rounded" height={40} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Box>
      <Skeleton variant="rounded" height={88} />
      <Skeleton variant="rounded" height={220} />
    </Box>
  );
}
