import 'server-only';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { epochSeconds } from '@/lib/fields/types/time';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { NEWS_NOT_FOUND, presentNewsItem } from '@/lib/news/find-news-one';
import { loadListClass } from '@/lib/news/load-class';
import type { RevisionAction } from './actions';
import { keptRevisionsOfSql } from './kept-revisions';
import { loadRevision } from './load-revision';

/** A revision as get_news_revisions lists it. */
export type RevisionSummary = {
  rev: number;
  action: RevisionAction;
  user_name: string;
  /** Seconds. */
  time: number;
  changed: string[];
};

/** The category an item is in now (404 when it is not a live item: deleted ones are in the 回收站). */
export const liveItemClassId = async (id: number) => {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ class_id: number }[]>`SELECT class_id FROM news WHERE id = ${id}`;
  if (!row) throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
  return row.class_id;
};

/** get_news_revisions: an item's revisions, newest first, paged. */
export const findRevisions = async ({ id, page, limit }: { id: number; page: number; limit: number }) => {
  await liveItemClassId(id);
  const db = await getDb();
  const rows = await db.$queryRaw<
    {
      rev: number;
      action: RevisionAction;
      user_name: string;
      created_at: Date;
      changed: string[] | null;
      total: bigint;
    }[]
  >(Prisma.sql`
    SELECT rev, action, user_name, created_at, changed, count(*) OVER () AS total
    FROM news_revision WHERE news_id = ${id} AND ${keptRevisionsOfSql(id)}
    ORDER BY rev DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
  const total =
    rows.length > 0
      ? Number(rows[0].total)
      : Number(
          (
            await db.$queryRaw<{ n: bigint }[]>(
              Prisma.sql`SELECT count(*) AS n FROM news_revision WHERE news_id = ${id} AND ${keptRevisionsOfSql(id)}`,
            )
          )[0].n,
        );
  const data: RevisionSummary[] = rows.map((row) => ({
    rev: row.rev,
    action: row.action,
    user_name: row.user_name,
    time: epochSeconds(row.created_at),
    changed: row.changed ?? [],
  }));
  return { data, total };
};

/**
 * get_news_revision: the state an item had at `rev`, shaped like get_news_one's data and read
 * through the schema of the category the item is in now (the one a revert writes into).
 */
export const findRevision = async ({ id, rev }: { id: number; rev: number }) => {
  const category = await loadListClass({ classId: await liveItemClassId(id) });
  const revision = await loadRevision(await getDb(), { newsId: id, rev });
  return {
    ...presentNewsItem({ category, row: revision.row }),
    rev: revision.rev,
    action: revision.action,
    user_name: revision.userName,
    time: epochSeconds(revision.time),
  };
};
