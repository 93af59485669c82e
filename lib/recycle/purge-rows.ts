import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { Prisma } from '@/lib/generated/prisma/client';
import { STORED_NAME_IN_TEXT, type CandidateFile } from './release-files';

type Tx = Prisma.TransactionClient;

/** A bin row as a purge reads it, locked. */
export type PurgedRow = { id: number; class_id: number; title: string };

/**
 * Removes the bin rows `rows` (locked by the caller) for good, with every revision of those items
 * (news_revision and the texts in news_revision_text), and writes an 操作日志 entry `purge` for
 * each. Answers the uploads the removed data mentioned: the caller lets go of those nothing else
 * uses once the transaction has committed (release-files.ts).
 */
export const purgeBinRows = async ({
  tx,
  rows,
  reason,
}: {
  tx: Tx;
  rows: readonly PurgedRow[];
  /** Why, when not by hand (retention). */
  reason?: string;
}): Promise<CandidateFile[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const files = await tx.$queryRaw<CandidateFile[]>`
    SELECT f.id, f.name, f.key, f.driver, f.kind, f.original_name FROM uploaded_file f
    WHERE f.name IN (
      SELECT m[1] FROM (
        SELECT t.item::text || ' ' || t.records::text AS body FROM news_trash t WHERE t.id = ANY(${ids}::int[])
        UNION ALL
        SELECT r.body FROM news_revision_text r WHERE r.news_id = ANY(${ids}::int[])
        UNION ALL
        SELECT r.columns::text FROM news_revision r WHERE r.news_id = ANY(${ids}::int[])
      ) AS s, regexp_matches(s.body, ${STORED_NAME_IN_TEXT}, 'g') AS m)
    ORDER BY f.id`;
  await tx.$executeRaw`DELETE FROM news_revision WHERE news_id = ANY(${ids}::int[])`;
  await tx.$executeRaw`DELETE FROM news_revision_text WHERE news_id = ANY(${ids}::int[])`;
  await tx.$executeRaw`DELETE FROM news_trash WHERE id = ANY(${ids}::int[])`;
  await recordAudit(
    tx,
    rows.map((row) => ({
      action: 'purge' as const,
      targetType: 'news' as const,
      targetId: row.id,
      detail: {
        name: row.title,
        values: { class_id: row.class_id },
        ...(rows.length > 1 ? { batch: rows.length } : {}),
        ...(reason ? { reason } : {}),
      },
    })),
  );
  return files;
};
