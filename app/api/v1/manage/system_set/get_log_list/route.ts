import { findAuditLog } from '@/lib/audit/find-audit-log';
import { ZAuditLogQuery } from '@/lib/audit/schemas';
import { manageRoute } from '@/lib/http/manage-route';

// GET /api/v1/manage/system_set/get_log_list?page&limit&user&action&target&start&end — 操作日志，最新的在前（仅超级管理员）
export const GET = manageRoute({
  role: 'admin',
  input: ZAuditLogQuery,
  handler: ({ input }) => findAuditLog(input),
});
