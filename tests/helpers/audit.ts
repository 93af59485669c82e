import { GET as logListRoute } from '@/app/api/v1/manage/system_set/get_log_list/route';
import type { AuditLogRow } from '@/lib/audit/actions';
import { getDb } from '@/lib/db/client';
import { call } from './api';

export type Entry = Omit<AuditLogRow, 'id' | 'created_at'> & { id: number; created_at: Date };

/** The entries written after `afterId`, oldest first, read straight from the table. */
export const entriesAfter = async (afterId: number): Promise<Entry[]> => {
  const db = await getDb();
  const rows = await db.$queryRaw<(Entry & { id: bigint })[]>`
    SELECT id, user_id, username, ip, action, target_type, target_id, detail, created_at
    FROM audit_log WHERE id > ${afterId} ORDER BY id`;
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
};

export const lastEntryId = async () => {
  const db = await getDb();
  const [{ id }] = await db.$queryRaw<{ id: bigint }[]>`SELECT coalesce(max(id), 0) AS id FROM audit_log`;
  return Number(id);
};

/** Runs `work` and answers what it answered and the entries written meanwhile. */
export const entriesOf = async <T>(work: () => Promise<T>) => {
  const from = await lastEntryId();
  const result = await work();
  return { result, entries: await entriesAfter(from) };
};

export const logList = (token: string, query: Record<string, string | number> = {}) =>
  call<{ data: AuditLogRow[]; total: number }>(logListRoute, {
    token,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });

/** Every entry's JSON, to search for anything that must never be logged. */
export const allEntriesText = async () => JSON.stringify(await entriesAfter(0));
