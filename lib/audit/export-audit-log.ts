import 'server-only';
import dayjs from 'dayjs';
import { getDb } from '@/lib/db/client';
import { xlsxDownload } from '@/lib/export/xlsx-stream';
import { Prisma } from '@/lib/generated/prisma/client';
import { auditActionLabel, auditTargetLabel, type AuditDetail } from './actions';
import { detailText } from './detail-text';
import { filterSql, type AuditLogFilter } from './log-filter';

const BATCH = 1000;

const COLUMNS = [
  { key: 'created_at', header: '时间', width: 20 },
  { key: 'username', header: '用户', width: 16 },
  { key: 'ip', header: 'IP', width: 16 },
  { key: 'action', header: '操作', width: 10 },
  { key: 'target_type', header: '对象类型', width: 10 },
  { key: 'target_id', header: '对象 ID', width: 10 },
  { key: 'name', header: '对象', width: 30 },
  { key: 'detail', header: '详情', width: 80 },
] as const;

type Raw = {
  id: bigint;
  username: string;
  ip: string;
  action: string;
  target_type: string;
  target_id: number | null;
  detail: AuditDetail;
  created_at: Date;
};

/** Every entry matching the filter, newest first, as a streamed .xlsx (as the item export). */
export const exportAuditLog = async (filter: AuditLogFilter) => {
  const db = await getDb();
  const where = filterSql(filter);

  async function* batches() {
    let cursor: { time: Date; id: bigint } | null = null;
    for (;;) {
      const after: Prisma.Sql = cursor
        ? Prisma.sql`AND (a.created_at, a.id) < (${cursor.time}, ${cursor.id})`
        : Prisma.empty;
      const rows: Raw[] = await db.$queryRaw<Raw[]>`
        SELECT a.id, a.username, a.ip, a.action, a.target_type, a.target_id, a.detail, a.created_at
        FROM audit_log a WHERE ${where} ${after}
        ORDER BY a.created_at DESC, a.id DESC LIMIT ${BATCH}`;
      yield rows.map((row) => ({
        created_at: dayjs(row.created_at).format('YYYY-MM-DD HH:mm:ss'),
        username: row.username || '系统',
        ip: row.ip,
        action: auditActionLabel(row.action),
        target_type: auditTargetLabel(row.target_type),
        target_id: row.target_id ?? '',
        name: typeof row.detail?.name === 'string' ? row.detail.name : '',
        detail: detailText(row.detail ?? {}),
      }));
      if (rows.length < BATCH) return;
      const last: Raw = rows[rows.length - 1];
      cursor = { time: last.created_at, id: last.id };
    }
  }

  return xlsxDownload({
    sheetName: '操作日志',
    columns: COLUMNS,
    batches: batches(),
    filename: `操作日志-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`,
  });
};
