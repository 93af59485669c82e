import 'server-only';
import { assertWithinRights, type ClassRights } from '@/lib/auth/class-rights';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { purgeBinRows, type PurgedRow } from './purge-rows';
import { releaseUnreferencedFiles } from './release-files';
import { NOT_IN_BIN } from './restore-news';

/**
 * purge_news (role news_purge): removes items of the 回收站 for good, all or none — an id that is
 * not in the bin (never deleted, restored or purged meanwhile) or an item of a category outside
 * the caller's rights refuses the whole call. The bin rows are locked first, so a restore or purge
 * of the same items at the same time finds them gone. Their revisions go with them; then the
 * uploads they mentioned that nothing else uses are deleted from storage.
 */
export const purgeNews = async ({ ids, rights }: { ids: number[]; rights: ClassRights }) => {
  const db = await getDb();
  const { count, files } = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<PurgedRow[]>`
      SELECT id, class_id, title FROM news_trash WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE`;
    if (rows.length !== ids.length) throw new AppError({ code: ErrorCode.notFound, message: NOT_IN_BIN });
    assertWithinRights({ rights, classIds: rows.map((row) => row.class_id) });
    return { count: rows.length, files: await purgeBinRows({ tx, rows }) };
  });
  await releaseUnreferencedFiles(files);
  return { count };
};
