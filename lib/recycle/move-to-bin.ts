import 'server-only';
import { currentActor } from '@/lib/audit/actor';
import { Prisma } from '@/lib/generated/prisma/client';

/** A transaction that holds the items' row locks. */
type Writer = { $executeRaw: (query: Prisma.Sql) => Prisma.PrismaPromise<number> };

/** The name a bin row and the 回收站 list show for who deleted it. */
export const actorName = () => {
  const actor = currentActor();
  return { userId: actor.userId, name: (actor.name || actor.username).slice(0, 64) };
};

/**
 * Moves the items `ids` to the 回收站 in one statement: each row whole (to_jsonb) with its process
 * records, under its own id, then the rows leave news (their records cascade). The statement-level
 * triggers on news keep news_class_stat exact (total, version, data_version move as for any
 * delete), so lists, totals, searches, counts, the export and relation options stop showing them
 * at once. news' id sequence never goes back, so no new item gets one of these ids. Run in the
 * transaction that locked the rows and checked rights and locks; answers how many moved.
 */
export const moveToBin = (tx: Writer, ids: readonly number[]) => {
  const { userId, name } = actorName();
  return tx.$executeRaw(Prisma.sql`
    WITH binned AS (
      INSERT INTO news_trash (id, class_id, class_type, class_name, title, item, records, deleted_by, deleted_by_name)
      SELECT n.id, n.class_id, c.class_type, c.name, n.title, to_jsonb(n),
        COALESCE((SELECT jsonb_agg(to_jsonb(p) ORDER BY p.id) FROM news_process p WHERE p.news_id = n.id), '[]'::jsonb),
        ${userId}::int, ${name}
      FROM news n JOIN news_class c ON c.id = n.class_id
      WHERE n.id = ANY(${[...ids]}::int[])
      RETURNING id)
    DELETE FROM news WHERE id IN (SELECT id FROM binned)`);
};
