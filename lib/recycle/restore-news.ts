import 'server-only';
import { auditChanges } from '@/lib/audit/changes';
import { recordAudit } from '@/lib/audit/record';
import { assertWithinRights, type ClassRights } from '@/lib/auth/class-rights';
import { CLASS_NOT_FOUND } from '@/lib/categories/find-class-one';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { isProcessClass, processSteps, recomputeProcess } from '@/lib/process/steps';
import { recordRevisions } from '@/lib/revisions/record-revision';
import { markCheckedIfEmpty, recheckItems } from '@/lib/sensitive/item-hits';
import { currentWordList } from '@/lib/sensitive/word-list';
import { columnList, NEWS_COLUMNS, NEWS_PROCESS_COLUMNS } from './columns';
import { actorName } from './move-to-bin';

export const NOT_IN_BIN = '部分内容不在回收站中，请刷新后重试';
export const SAME_TYPE_ONLY = '只能恢复到与原栏目类型相同的栏目';

type Category = { id: number; name: string; class_type: string; content_fields: unknown };
type BinRow = { id: number; class_id: number; class_type: string; class_name: string; title: string };

const refuse = (message: string, code: number = ErrorCode.badRequest) => new AppError({ code, message });

/**
 * restore_news: puts items of the 回收站 back, all or none, each with its id, every column and its
 * process records (with their ids) exactly as they were deleted.
 *
 * - Without `classId` each goes back to its own category; if that category has been deleted the
 *   call is refused, naming the item and the category.
 * - With `classId` they go to that category (one whose own category still exists and is that one
 *   is simply restored): as move_news moves, only to a category of the type their category had
 *   (kept in the bin row, since the category may be gone), remembering it in old_class; their
 *   values are kept whole and read under the target's schema.
 * - In a process category (type 4/5) an item's process is derived again from its records and the
 *   category's steps as they are now (they may have changed while it waited).
 *
 * Rights: the caller's categories must include each item's category and the target (so an item of
 * a deleted category needs an editor of all categories). Locks: the categories' rows FOR SHARE
 * (a category save or deletion waits, and del_class then sees the restored items), then the bin
 * rows FOR UPDATE, so a concurrent restore or purge of the same items finds them gone (404).
 * The revision `restore` is written after the rows are back, with the 操作日志 entries; the items'
 * 敏感词 words are checked again with the lists as they are now (lib/sensitive/item-hits.ts).
 */
export const restoreNews = async ({
  ids,
  classId,
  rights,
}: {
  ids: number[];
  classId?: number;
  rights: ClassRights;
}) => {
  // Read before the transaction: the lists' own read must not wait for the connection it holds.
  const list = await currentWordList();
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const seen = await tx.$queryRaw<{ class_id: number }[]>`
      SELECT DISTINCT class_id FROM news_trash WHERE id = ANY(${ids}::int[])`;
    const wanted = [...new Set([...seen.map((row) => row.class_id), ...(classId ? [classId] : [])])];
    const categories = await tx.$queryRaw<Category[]>`
      SELECT id, name, class_type, content_fileds AS content_fields FROM news_class
      WHERE id = ANY(${wanted}::int[]) ORDER BY id FOR SHARE`;
    const rows = await tx.$queryRaw<BinRow[]>`
      SELECT id, class_id, class_type, class_name, title FROM news_trash
      WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE`;
    if (rows.length !== ids.length) throw refuse(NOT_IN_BIN, ErrorCode.notFound);
    const byId = new Map(categories.map((category) => [category.id, category]));
    const target = classId === undefined ? undefined : byId.get(classId);
    if (classId !== undefined && !target) throw refuse(CLASS_NOT_FOUND, ErrorCode.notFound);
    assertWithinRights({
      rights,
      classIds: [...rows.map((row) => row.class_id), ...(target ? [target.id] : [])],
    });

    const destinationOf = (row: BinRow) => {
      if (target) return target;
      const own = byId.get(row.class_id);
      if (!own) throw refuse(`「${row.title}」所在的栏目「${row.class_name}」已删除，请选择要恢复到的栏目`);
      return own;
    };
    const moved = rows.filter((row) => target && row.class_id !== target.id);
    for (const row of rows) {
      const destination = destinationOf(row);
      if (destination.class_type === '1') throw refuse('单页栏目没有内容列表');
      if (row.class_id !== destination.id && row.class_type !== destination.class_type)
        throw refuse(SAME_TYPE_ONLY);
    }
    const taken = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM news WHERE id = ANY(${ids}::int[])`;
    if (taken.length > 0) throw refuse(`内容 id ${taken[0].id} 已被占用，无法恢复`);

    const { userId } = actorName();
    const movedIds = moved.map((row) => row.id);
    // Moved items: class_id, old_class and the update stamp as move_news sets them.
    const overrides = target
      ? Prisma.sql`CASE WHEN t.id = ANY(${movedIds}::int[]) THEN jsonb_build_object(
          'class_id', ${target.id}::int, 'old_class', t.class_id, 'updated_by', ${userId}::int, 'updated_at', now())
          ELSE '{}'::jsonb END`
      : Prisma.sql`'{}'::jsonb`;
    for (const destinationId of new Set(rows.map((row) => destinationOf(row).id)))
      await markCheckedIfEmpty(tx, { classId: destinationId, version: list.version });
    await tx.$executeRaw`
      INSERT INTO news (${columnList(NEWS_COLUMNS)})
      SELECT ${columnList(NEWS_COLUMNS, 'r')}
      FROM news_trash t, jsonb_populate_record(NULL::news, t.item || ${overrides}) AS r
      WHERE t.id = ANY(${ids}::int[])`;
    await tx.$executeRaw`
      INSERT INTO news_process (${columnList(NEWS_PROCESS_COLUMNS)})
      SELECT ${columnList(NEWS_PROCESS_COLUMNS, 'r')}
      FROM news_trash t, jsonb_populate_recordset(NULL::news_process, t.records) AS r
      WHERE t.id = ANY(${ids}::int[])`;
    const byDestination = new Map<number, number[]>();
    for (const row of rows) {
      const destination = destinationOf(row);
      byDestination.set(destination.id, [...(byDestination.get(destination.id) ?? []), row.id]);
    }
    for (const [destinationId, itemIds] of byDestination) {
      const destination = byId.get(destinationId) as Category;
      if (!isProcessClass(destination.class_type)) continue;
      await recomputeProcess(
        tx,
        Prisma.sql`n.id = ANY(${itemIds}::int[])`,
        processSteps({ classType: destination.class_type, contentFields: destination.content_fields }),
      );
    }
    await tx.$executeRaw`DELETE FROM news_trash WHERE id = ANY(${ids}::int[])`;
    await recordRevisions(tx, { ids, action: 'restore' });
    await recheckItems(tx, { list, ids });
    await recordAudit(
      tx,
      rows.map((row) => {
        const destination = destinationOf(row);
        return {
          action: 'restore' as const,
          targetType: 'news' as const,
          targetId: row.id,
          detail: {
            name: row.title,
            ...(row.class_id === destination.id
              ? { values: { class_id: row.class_id } }
              : {
                  changes: auditChanges(
                    { class_id: row.class_id, class_name: row.class_name },
                    { class_id: destination.id, class_name: destination.name },
                  ),
                }),
            ...(ids.length > 1 ? { batch: ids.length } : {}),
          },
        };
      }),
    );
    return { count: rows.length };
  });
};
