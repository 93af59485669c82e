import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { classRightsOf } from '@/lib/auth/class-rights';
import type { AuthSession } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { getStorage } from '@/lib/storage/get-storage';
import { storageFailure } from '@/lib/storage/unavailable';
import { deleteRefusal } from './delete-rule';
import { findFileReferences } from './file-references';

export type DeleteFileResult = {
  /** True when something still uses the file: it stays in storage until nothing does. */
  isKept: boolean;
};

/**
 * del_oss_file: lets go of an upload by its stored name. Refused (403, nothing changed) unless
 * the caller may (delete-rule.ts). A file that an item, a process record, a single page, a setting
 * or an avatar still uses is kept, record and all: the caller is dropping their own reference
 * (a form not yet saved), and the file must outlive it while anything else — or that same item
 * until it is saved — still shows it. Only a file nothing uses is removed from storage and
 * forgotten (操作日志 entry `delete`).
 */
export const deleteUploadedFile = async ({
  name,
  session,
}: {
  name: string;
  session: AuthSession;
}): Promise<DeleteFileResult> => {
  const db = await getDb();
  const record = await db.uploadedFile.findUnique({
    where: { name },
    select: { id: true, key: true, driver: true, originalName: true, kind: true, userId: true },
  });
  if (!record) throw new AppError({ code: ErrorCode.notFound, message: '文件不存在' });
  const references = await findFileReferences({ name });
  const refusal = deleteRefusal({
    roles: session.user.roles,
    userId: session.user.id,
    rights: references.some((reference) => reference.classId !== null) ? await classRightsOf(session) : null,
    uploaderId: record.userId,
    references,
  });
  if (refusal) throw new AppError({ code: ErrorCode.forbidden, message: refusal });
  if (references.length > 0) return { isKept: true };

  // A store that is down refuses the delete (503) before the record goes: nothing changed.
  await getStorage({ driver: record.driver })
    .remove({ key: record.key })
    .catch((error: unknown) => {
      throw storageFailure(error) ?? error;
    });
  await db.$transaction(async (tx) => {
    // deleteMany: a second delete racing this one is not an error (and records nothing).
    const { count } = await tx.uploadedFile.deleteMany({ where: { id: record.id } });
    if (count === 0) return;
    await recordAudit(tx, {
      action: 'delete',
      targetType: 'file',
      targetId: record.id,
      detail: { name: record.originalName || name, values: { file: name, kind: record.kind } },
    });
  });
  return { isKept: false };
};
