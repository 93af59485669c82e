import 'server-only';
import type { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';

type Tx = Prisma.TransactionClient;

/**
 * The categories a user is limited to, as stored: every id must exist, and an id under another
 * chosen one is dropped (a parent covers its children). Sorted. Empty stays empty (= all).
 */
export const normaliseClassIds = async ({ tx, ids }: { tx: Tx; ids: readonly number[] }) => {
  if (ids.length === 0) return [];
  const rows = await tx.newsClass.findMany({ select: { id: true, parentId: true } });
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  const missing = ids.filter((id) => !parentOf.has(id));
  if (missing.length) {
    throw new AppError({
      code: ErrorCode.badRequest,
      message: `栏目不存在或已被删除（id ${missing.join('、')}）`,
    });
  }
  const chosen = new Set(ids);
  const isCovered = (id: number) => {
    const seen = new Set<number>();
    for (let cursor = parentOf.get(id); cursor != null && !seen.has(cursor); cursor = parentOf.get(cursor)) {
      if (chosen.has(cursor)) return true;
      seen.add(cursor);
    }
    return false;
  };
  return ids.filter((id) => !isCovered(id)).sort((a, b) => a - b);
};
