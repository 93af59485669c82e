'use client';

import Chip from '@mui/material/Chip';
import { auditActionLabel, auditTargetLabel, type AuditLogRow } from '@/lib/audit/actions';
import dayjs from 'dayjs';

const DANGER = new Set(['delete', 'login_failed']);
const NOTABLE = new Set(['reset_password', 'change_password', 'lock', 'unlock', 'move']);

/** The action as a chip: refusals and deletions in red, security-relevant ones in amber. */
export function ActionChip({ action }: { action: string }) {
  const color = DANGER.has(action) ? 'error' : NOTABLE.has(action) ? 'warning' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={auditActionLabel(action)} />;
}

export const entryTime = (row: AuditLogRow) => dayjs.unix(row.created_at).format('YYYY-MM-DD HH:mm:ss');

/** 「内容 #12 新闻标题」: the target's kind, id and the name the entry kept. */
export const targetText = (row: AuditLogRow) =>
  [
    auditTargetLabel(row.target_type),
    row.target_id === null ? '' : `#${row.target_id}`,
    row.detail.name ?? '',
  ]
    .filter(Boolean)
    .join(' ');

export const userText = (row: AuditLogRow) => row.username || '系统';
