import 'server-only';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import type { Prisma } from '@/lib/generated/prisma/client';

export const LOCKED_MESSAGE = '该内容已锁定，请先解锁';

/** Refuses the whole operation when any of the items is locked (or missing); answers them by id. */
export const assertUnlocked = async ({ tx, ids }: { tx: Prisma.TransactionClient; ids: number[] }) => {
  const rows = await tx.news.findMany({
    where: { id: { in: ids } },
    select: { id: true, isLock: true, title: true, classId: true },
    orderBy: { id: 'asc' },
  });
  if (rows.length !== ids.length)
    throw new AppError({ code: ErrorCode.notFound, message: '部分内容不存在，请刷新后重试' });
  const locked = rows.find((row) => row.isLock);
  if (locked)
    throw new AppError({ code: ErrorCode.badRequest, message: `「${locked.title}」已锁定，请先解锁` });
  return rows;
};
