import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export function ViewLoading({ label = '加载中…' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        py: 8,
        color: 'text.secondary',
      }}
    >
      {/* The text beside it says what is happening; the spinner itself is decoration. */}
      <CircularProgress size={22} aria-hidden />
      <Typography variant="body2">{label}</Typography>
    </Box>
  );
}
