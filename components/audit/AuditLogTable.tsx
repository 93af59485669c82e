'use client';

import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { ScrollTableContainer, STICKY_ACTIONS } from '@/components/common/ScrollTableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { auditTargetLabel, type AuditLogRow } from '@/lib/audit/actions';
import { ActionChip, entryTime, userText } from './audit-labels';
import { AuditLogDetail } from './AuditLogDetail';

const HEADERS = ['时间', '用户', '操作', '对象', 'IP', '详情'];

type Props = {
  rows: readonly AuditLogRow[];
  isLoading: boolean;
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
};

/** The entries as a table (screens from 600 px); a row opens to show its detail. */
export function AuditLogTable({ rows, isLoading, expanded, onToggle }: Props) {
  return (
    <ScrollTableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label="操作日志" aria-busy={isLoading}>
        <TableHead>
          <TableRow>
            {HEADERS.map((header) => (
              <TableCell
                key={header}
                className={header === '详情' ? STICKY_ACTIONS : undefined}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              >
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody sx={{ opacity: isLoading ? 0.5 : 1, transition: 'opacity 150ms' }}>
          {rows.map((row) => {
            const isOpen = expanded.has(row.id);
            return (
              <Fragment key={row.id}>
                <TableRow hover sx={{ '& > td': { borderBottom: isOpen ? 'none' : undefined } }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{entryTime(row)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{userText(row)}</TableCell>
                  <TableCell>
                    <ActionChip action={row.action} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 360 }}>
                    <Typography variant="body2" noWrap title={row.detail.name ?? ''}>
                      <Box component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
                        {auditTargetLabel(row.target_type)}
                        {row.target_id === null ? '' : ` #${row.target_id}`}
                      </Box>
                      {row.detail.name ?? ''}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{row.ip}</TableCell>
                  <TableCell padding="checkbox" className={STICKY_ACTIONS}>
                    <IconButton
                      size="small"
                      aria-label={isOpen ? '收起详情' : '展开详情'}
                      aria-expanded={isOpen}
                      onClick={() => onToggle(row.id)}
                    >
                      <KeyboardArrowDownRounded
                        sx={{ transform: isOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
                      />
                    </IconButton>
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell
                    colSpan={HEADERS.length}
                    sx={{ py: 0, borderBottom: isOpen ? undefined : 'none' }}
                  >
                    <Collapse in={isOpen} unmountOnExit>
                      <Box sx={{ py: 1.5, pl: 1 }}>
                        <AuditLogDetail detail={row.detail} />
                      </Box>
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </ScrollTableContainer>
  );
}
