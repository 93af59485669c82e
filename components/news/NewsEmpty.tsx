import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The table with nothing to show (an empty category, or no item matches the search). */
export function NewsEmpty() {
  return (
    <Box
      role="status"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        color: 'text.secondary',
      }}
    >
      <InboxOutlined sx={{ fontSize: 48, color: 'action.disabled' }} aria-hidden />
      <Typography variant="body2">暂无数据</Typography>
    </Box>
  );
}
