import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';

const CENTERED = {
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 1,
  color: 'text.secondary',
} as const;

/** The table with nothing to show (an empty category, or no item matches the search). */
export function NewsEmpty({ onRetry }: { onRetry?: () => void }) {
  if (onRetry) return <NewsLoadFailed onRetry={onRetry} />;
  return (
    <Box role="status" sx={CENTERED}>
      <InboxOutlined sx={{ fontSize: 48, color: 'action.disabled' }} aria-hidden />
      <Typography variant="body2">暂无数据</Typography>
    </Box>
  );
}

/** The page could not be loaded (the API client has toasted why): say so, rather than 暂无数据. */
function NewsLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Box role="alert" sx={CENTERED}>
      <ErrorOutlineRounded sx={{ fontSize: 48, color: 'error.light' }} aria-hidden />
      <Typography variant="body2">内容列表加载失败</Typography>
      <Button variant="outlined" size="small" onClick={onRetry}>
        重试
      </Button>
    </Box>
  );
}
