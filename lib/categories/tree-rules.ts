import 'server-only';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import type { Prisma } from '@/lib/generated/prisma/client';

type Tx = Prisma.TransactionClient;

/** A category cannot move under itself or under one of its descendants. */
export const assertNoCycle = async ({ tx, id, parentId }: { tx: Tx; id: number; parentId: number }) => {
  let cursor: number | null = parentId;
  const seen = new Set<number>();
  while (cursor !== null) {
    if (cursor === id)
      throw new AppError({ code: ErrorCode.badRequest, message: '不能把栏目移动到它自己或它的子栏目下' });
    if (seen.has(cursor)) break;
    seen.add(cursor);
    const row: { parentId: number | null } | null = await tx.newsClass.findUnique({
      where: { id: cursor },
      select: { parentId: true },
    });
    if (!row) throw new AppError({ code: ErrorCode.badRequest, message: '上级栏目不存在' });
    cursor = row.parentId;
  }
};

/** Keys are URL segments: unique among the children of one parent. */
export const assertKeyFree = async ({
  tx,
  parentId,
  key,
  exceptId,
}: {
  tx: Tx;
  parentId: number | null;
  key: string;
  exceptId: number;
}) => {
  const clash = await tx.newsClass.findFirst({
    where: { parentId, key, id: { not: exceptId } },
    select: { name: true },
  });
  if (clash)
    throw new AppError({
      code: ErrorCode.badRequest,
      message: `同级栏目「${clash.name}」已使用标识「${key}」，请换一个`,
    });
};
