import 'server-only';
import { currentActor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { markCheckedIfEmpty } from '@/lib/sensitive/item-hits';
import { CLASS_STAMP, type ListClass } from '../load-class';
import { LOCKED_MESSAGE } from '../lock-rules';
import { findRepeat, refuse, repeatMessage } from './import-checks';
import type { ImportOptions } from './import-news';
import type { ImportMapping } from './mapping';
import { WRITE_BATCH, type PendingWrites } from './pending-writes';
import type { Column, ImportProgress, Plan, RowError } from './plan';
import { autoNumbers, writeCreates, writeUpdates } from './write-plans';

// The commit of import_news (import-news.ts): the rows planned and prepared (pending-writes.ts)
// written in one transaction, with the import's own 操作日志 entry, its file's hash and the
// mapping remembered for the category.

/** A commit's transaction may run this long (a 50,000-row file on PGlite). */
const COMMIT_TIMEOUT_MS = 300_000;

/**
 * Writes a commit in one transaction, after checking that the category's fields and the items the
 * rows update are as they were read (not edited, locked or moved since): such a row is an error
 * of its own (`late`), left out with on_error=skip and refusing the import with on_error=all.
 * Each batch is let go once written.
 */
export const commitImport = async ({
  options,
  category,
  stamp,
  hash,
  keyName,
  keyColumn,
  mapping,
  writes,
  listVersion,
  rows,
  skipped,
  progress,
}: {
  options: ImportOptions;
  category: ListClass;
  stamp: string;
  hash: string;
  keyName: string;
  keyColumn: Column | null;
  mapping: ImportMapping;
  writes: PendingWrites;
  listVersion: string;
  rows: number;
  skipped: number;
  progress: ImportProgress;
}) => {
  const { classId, fileName, bytes, onError, actor } = options;
  const late: { row: number; action: Plan['action'] }[] = [];
  const lateErrors: RowError[] = [];
  const actorInfo = currentActor();
  const db = await getDb();
  await db.$transaction(
    async (tx) => {
      const [current] = await tx.$queryRaw<{ name: string; stamp: string }[]>(Prisma.sql`
        SELECT c.name, ${CLASS_STAMP} AS stamp FROM news_class c WHERE c.id = ${classId} FOR UPDATE`);
      if (!current) throw new AppError({ code: ErrorCode.notFound, message: '栏目不存在' });
      if (current.stamp !== stamp) throw refuse('栏目的字段设置在导入期间被修改，未导入任何内容，请重新导入');
      const again = await findRepeat(tx, { classId, hash });
      if (again && !options.allowRepeat) throw refuse(repeatMessage(again), { repeat_of: again });

      // The rows updated are locked and must be as they were read: not edited, locked or moved since.
      const { checks } = writes;
      if (checks.length > 0) {
        const now = await tx.$queryRaw<
          { id: number; class_id: number; is_lock: boolean; row_version: string }[]
        >(
          Prisma.sql`SELECT id, class_id, is_lock, xmin::text AS row_version FROM news
            WHERE id = ANY(${checks.map((check) => check.id)}::int[]) FOR UPDATE`,
        );
        const byId = new Map(now.map((row) => [row.id, row]));
        for (const check of checks) {
          const row = byId.get(check.id);
          if (row && row.class_id === classId && !row.is_lock && row.row_version === check.rowVersion)
            continue;
          late.push({ row: check.row, action: check.action });
          lateErrors.push({
            row: check.row,
            column: keyColumn?.header ?? '',
            cell: keyColumn ? `${keyColumn.letter}${check.row}` : '',
            field: keyColumn?.target.key ?? '',
            message: row?.is_lock
              ? LOCKED_MESSAGE
              : `ID 为 ${check.id} 的内容在导入期间被修改、移动或删除，请重新导入`,
          });
        }
        if (lateErrors.length > 0 && onError === 'all')
          throw refuse(`第 ${lateErrors[0].row} 行：${lateErrors[0].message}；未导入任何内容`);
      }
      const lateRows = new Set(late.map((entry) => entry.row));
      const lateIds = new Set(checks.filter((check) => lateRows.has(check.row)).map((check) => check.id));
      const created = writes.createCount;
      const updated = writes.updateCount - late.filter((entry) => entry.action === 'update').length;
      const total = created + updated;
      let done = 0;
      void progress({ phase: 'write', done, total });
      await markCheckedIfEmpty(tx, { classId, version: listVersion });
      const auto = await autoNumbers(tx, category);
      for (const [index, batch] of writes.creates.entries()) {
        await writeCreates(tx, {
          category,
          batch,
          actorId: actor.id,
          auto: auto && { keys: auto.keys, first: auto.next + index * WRITE_BATCH },
        });
        // Let go once written: a commit holds only the batches still to write.
        writes.creates[index] = null!;
        done += batch.count;
        void progress({ phase: 'write', done, total });
      }
      for (const [index, batch] of writes.updates.entries()) {
        await writeUpdates(tx, { batch, actorId: actor.id, skip: lateIds });
        writes.updates[index] = null!;
        done += batch.ids.length;
        void progress({ phase: 'write', done: Math.min(done, total), total });
      }
      await recordAudit(tx, {
        action: 'import',
        targetType: 'class',
        targetId: classId,
        detail: {
          name: current.name,
          file: fileName,
          sha256: hash,
          values: { rows, created, updated, skipped: skipped + late.length, bytes: bytes.length },
        },
      });
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO news_import_file (class_id, file_hash, file_name, user_id, username, created, updated, skipped)
        VALUES (${classId}, ${hash}, ${fileName.slice(0, 255)}, ${actorInfo.userId}::int, ${actorInfo.username.slice(0, 64)},
          ${created}, ${updated}, ${skipped + late.length})`);
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO news_import_mapping (class_id, mapping, key, updated_by, updated_at)
        VALUES (${classId}, ${JSON.stringify(mapping)}::jsonb, ${keyName}, ${actorInfo.userId}::int, now())
        ON CONFLICT (class_id) DO UPDATE SET mapping = EXCLUDED.mapping, key = EXCLUDED.key,
          updated_by = EXCLUDED.updated_by, updated_at = now()`);
    },
    { timeout: COMMIT_TIMEOUT_MS },
  );
  return { rows: late, errors: lateErrors };
};
