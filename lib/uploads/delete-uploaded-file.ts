import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { getStorage } from '@/lib/storage/get-storage';

/** Removes an upload by its stored name from the storage it was written to, then its record. */
export const deleteUploadedFile = async ({ name }: { name: string }) => {
  const db = await getDb();
  const record = await db.uploadedFile.findUnique({
    where: { name },
    select: { id: true, key: true, driver: true, originalName: true, kind: true },
  });
  if (!record) throw new AppError({ code: ErrorCode.notFound, message: '文件不存在' });
  await getStorage({ driver: record.driver }).remove({ key: record.key });
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
};
