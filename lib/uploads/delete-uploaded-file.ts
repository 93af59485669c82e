import 'server-only';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { getStorage } from '@/lib/storage/get-storage';

/** Removes an upload by its stored name from the storage it was written to, then its record. */
export const deleteUploadedFile = async ({ name }: { name: string }) => {
  const db = await getDb();
  const record = await db.uploadedFile.findUnique({
    where: { name },
    select: { id: true, key: true, driver: true },
  });
  if (!record) throw new AppError({ code: ErrorCode.notFound, message: '文件不存在' });
  await getStorage({ driver: record.driver }).remove({ key: record.key });
  // deleteMany: a second delete racing this one is not an error.
  await db.uploadedFile.deleteMany({ where: { id: record.id } });
};
