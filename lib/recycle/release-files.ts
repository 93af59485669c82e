import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { logger } from '@/lib/logger';
import { getStorage } from '@/lib/storage/get-storage';
import { findFileReferences } from '@/lib/uploads/file-references';

/** An upload a purged item mentioned (uploaded_file's row). */
export type CandidateFile = {
  id: number;
  name: string;
  key: string;
  driver: string;
  kind: string;
  original_name: string;
};

/**
 * A stored name `<32 hex>.<ext>` inside a text (a URL's last segment), ending where the extension
 * does. Passed as a parameter: PostgreSQL's regular expression (with a lookahead).
 */
export const STORED_NAME_IN_TEXT = '([0-9a-f]{32}\\.[a-z0-9]{1,10})(?![a-z0-9])';

/**
 * Removes from storage, and forgets, each of `files` that nothing references any more
 * (lib/uploads/file-references.ts: live items and their records, the 回收站, revisions, single
 * pages and other category data, 系统设置, avatars), as del_oss_file does: the object first, then
 * its record with an 操作日志 entry `delete` (file), in its own transaction. Run after the purge
 * that dropped the references has committed. A file still used anywhere stays; a storage failure
 * is logged and keeps the record (the file stays known), it does not undo the purge.
 */
export const releaseUnreferencedFiles = async (files: readonly CandidateFile[]) => {
  let removed = 0;
  for (const file of files) {
    try {
      if ((await findFileReferences({ name: file.name })).length > 0) continue;
      await getStorage({ driver: file.driver }).remove({ key: file.key });
      const db = await getDb();
      const deleted = await db.$transaction(async (tx) => {
        // deleteMany: a del_oss_file or another purge racing this one is not an error.
        const { count } = await tx.uploadedFile.deleteMany({ where: { id: file.id } });
        if (count === 0) return false;
        await recordAudit(tx, {
          action: 'delete',
          targetType: 'file',
          targetId: file.id,
          detail: {
            name: file.original_name || file.name,
            values: { file: file.name, kind: file.kind },
            reason: '彻底删除内容后不再被使用',
          },
        });
        return true;
      });
      if (deleted) removed += 1;
    } catch (error) {
      logger.warn({ err: error, file: file.name }, '彻底删除内容后未能删除其不再使用的文件');
    }
  }
  return removed;
};
