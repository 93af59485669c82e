import 'server-only';
import type { ProcessOption } from '@/lib/categories/schemas';
import { assertWithinRights, type ClassRights } from '@/lib/auth/class-rights';
import { getDb } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { NEWS_NOT_FOUND } from '@/lib/news/find-news-one';
import { LOCKED_MESSAGE } from '@/lib/news/lock-rules';
import { processSteps } from './steps';

export type LockedItem = { id: number; classId: number; classType: string; steps: ProcessOption[] };

const MOVED = Symbol('moved');
const ATTEMPTS = 5;

/**
 * Runs `work` in one transaction holding the item's row lock (every change to its records takes
 * it, so the records read under it are all of them and stay so) and a share lock on its
 * category's row (so its steps cannot change meanwhile; saving a category takes that row first,
 * then its items: the same order, no deadlock). An unlocked item only. An item moved to another
 * category between reading its category and locking it is tried again. The caller's rights are
 * checked on the category read under the lock, so such a move cannot slip past them either.
 */
export const withLockedItem = async <R>(
  newsId: number,
  work: (tx: Prisma.TransactionClient, item: LockedItem) => Promise<R>,
  /** The caller's categories: the item's, read under its lock, must be one of them (else 403). */
  rights: ClassRights,
): Promise<R> => {
  const db = await getDb();
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const outcome = await db.$transaction(
      async (tx) => {
        const [seen] = await tx.$queryRaw<
          { class_id: number }[]
        >`SELECT class_id FROM news WHERE id = ${newsId}`;
        if (!seen) throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
        const [category] = await tx.$queryRaw<{ class_type: string; content_fields: unknown }[]>`
          SELECT class_type, content_fileds AS content_fields FROM news_class WHERE id = ${seen.class_id} FOR SHARE`;
        const [row] = await tx.$queryRaw<{ class_id: number; is_lock: boolean }[]>`
          SELECT class_id, is_lock FROM news WHERE id = ${newsId} FOR UPDATE`;
        if (!row) throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
        if (row.class_id !== seen.class_id || !category) return MOVED;
        assertWithinRights({ rights, classIds: [row.class_id] });
        if (row.is_lock) throw new AppError({ code: ErrorCode.badRequest, message: LOCKED_MESSAGE });
        const item = {
          id: newsId,
          classId: row.class_id,
          classType: category.class_type,
          steps: processSteps({ classType: category.class_type, contentFields: category.content_fields }),
        };
        return { value: await work(tx, item) };
      },
      // Saves of one category's items queue on its stat row (the news triggers): the default
      // transaction limits allow for the wait (lib/db/client.ts).
    );
    if (outcome !== MOVED) return outcome.value;
  }
  throw new AppError({ code: ErrorCode.badRequest, message: '该内容正在被移动，请稍后重试' });
};
