'use client';

import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import type { AuditLogRow } from '@/lib/audit/actions';
import { ActionChip, entryTime, targetText, userText } from './audit-labels';
import { AuditLogDetail } from './AuditLogDetail';

type Props = {
  rows: readonly AuditLogRow[];
  isLoading: boolean;
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
};

/** The entries as a list of cards (phones): who and what on top, time and IP below, then 详情. */
export function AuditLogCards({ rows, isLoading, expanded, onToggle }: Props) {
  return (
    <Box
      component="ul"
      aria-label="操作日志"
      aria-busy={isLoading}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        opacity: isLoading ? 0.5 : 1,
      }}
    >
      {rows.map((row) => {
        const isOpen = expanded.has(row.id);
        return (
          <Box
            component="li"
            key={row.id}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <ActionChip action={row.action} />
              <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
                {userText(row)}
              </Typography>
              <Typography
                variant="caption"
                sx={{ ml: 'auto', color: 'text.secondary', whiteSpace: 'nowrap' }}
              >
                {entryTime(row)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
              {targetText(row)}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                IP {row.ip || '—'}
              </Typography>
              <Button
                size="small"
                sx={{ ml: 'auto' }}
                aria-expanded={isOpen}
                onClick={() => onToggle(row.id)}
                endIcon={<KeyboardArrowDownRounded sx={{ transform: isOpen ? 'rotate(180deg)' : 'none' }} />}
              >
                {isOpen ? '收起详情' : '展开详情'}
              </Button>
            </Box>
            <Collapse in={isOpen} unmountOnExit>
              <Box sx={{ pt: 1, borderTop: 1, borderColor: 'divider' }}>
                <AuditLogDetail detail={row.detail} />
              </Box>
            </Collapse>
          </Box>
        );
      })}
    </Box>
  );
}
