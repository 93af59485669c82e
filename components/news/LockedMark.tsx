import LockRounded from '@mui/icons-material/LockRounded';
import Box from '@mui/material/Box';
import Tooltip from '@/components/common/LazyTooltip';

/** Shown before a locked item's first cell. */
export function LockedMark() {
  return (
    <Tooltip title="已锁定：解锁后才能修改或删除" describeChild>
      <Box
        component="span"
        role="img"
        aria-label="已锁定"
        sx={{ display: 'inline-flex', mr: 0.75, flexShrink: 0, color: 'warning.main' }}
      >
        <LockRounded sx={{ fontSize: 16 }} />
      </Box>
    </Tooltip>
  );
}
