import { apiGet } from '@/lib/client/api/core';
import type { AuditLogRow } from '@/lib/audit/actions';
import { downloadFile } from '@/lib/client/api/download';

/** The filters of the 操作日志 as query parameters; '' or undefined means none. */
export type AuditLogFilters = {
  user: string;
  action: string;
  target: string;
  /** Seconds, from the start of the first day to the end of the last (the browser's days). */
  start?: number;
  end?: number;
};

export const fetchAuditLog = (query: AuditLogFilters & { page: number; limit: number }) =>
  apiGet<{ data: AuditLogRow[]; total: number }>({ path: '/system_set/get_log_list', query });

export const downloadAuditLog = (filters: AuditLogFilters) =>
  downloadFile({ path: '/system_set/export_log', query: filters, fallbackName: '操作日志.xlsx' });
