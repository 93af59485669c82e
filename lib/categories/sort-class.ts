import 'server-only';
import { auditChanges } from '@/lib/audit/changes';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { CLASS_NOT_FOUND } from './find-class-one';
import { assertKeyFree, assertNoCycle } from './tree-rules';
import type { TSortClassInput } from './schemas';

/** Moves a category under parent_id (null: top level) at position `sort`, renumbering its new siblings. */
export const sortClass = async ({ id, parent_id: parentId, sort }: TSortClassInput) => {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const row = await tx.newsClass.findUnique({
      where: { id },
      select: { id: true, key: true, name: true, parentId: true, sort: true },
    });
    if (!row) throw new AppError({ code: ErrorCode.notFound, message: CLASS_NOT_FOUND });
    if (parentId !== null) await assertNoCycle({ tx, id, parentId });
    await assertKeyFree({ tx, parentId, key: row.key, exceptId: id });
    const siblings = await tx.newsClass.findMany({
      where: { parentId, id: { not: id } },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    const order = siblings.map((sibling) => sibling.id);
    order.splice(Math.min(sort, order.length), 0, id);
    await tx.newsClass.update({ where: { id }, data: { parentId } });
    for (const [index, siblingId] of order.entries()) {
      await tx.newsClass.update({ where: { id: siblingId }, data: { sort: index } });
    }
    await recordAudit(tx, {
      action: 'sort',
      targetType: 'class',
      targetId: id,
      detail: {
        name: row.name,
        changes: auditChanges(
          { parent_id: row.parentId, sort: row.sort },
          { parent_id: parentId, sort: order.indexOf(id) },
        ),
      },
    });
    return null;
  });
};
