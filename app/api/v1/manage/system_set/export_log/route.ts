import { exportAuditLog } from '@/lib/audit/export-audit-log';
import { ZAuditLogQuery } from '@/lib/audit/schemas';
import { manageRoute } from '@/lib/http/manage-route';

// GET /api/v1/manage/system_set/export_log?user&action&target&start&end — 导出匹配的操作日志为 .xlsx（流式，仅超级管理员）
export const GET = manageRoute({
  role: 'admin',
  input: ZAuditLogQuery,
  handler: ({ input }) => exportAuditLog(input),
});
