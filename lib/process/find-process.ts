import 'server-only';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { NEWS_NOT_FOUND } from '@/lib/news/find-news-one';
import { inListTurn } from './list-turns';
import { PROCESS_LIST_MAX_LIMIT, type TProcessListQuery } from './schemas';
import { processSteps, REMOVED_STEP_NAME } from './steps';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The item's category steps; 404 when the item does not exist. */
const loadItemSteps = async (newsId: number) => {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ class_type: string; content_fields: unknown }[]>`
    SELECT c.class_type, c.content_fileds AS content_fields FROM news n JOIN news_class c ON c.id = n.class_id WHERE n.id = ${newsId}`;
  if (!row) throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
  return { db, steps: processSteps({ classType: row.class_type, contentFields: row.content_fields }) };
};

/** news_manage/get_process_steps: each step of the item's category in order, stamped by its latest record. */
export const findProcessSteps = async ({ id }: { id: number }) => {
  const { db, steps } = await loadItemSteps(id);
  const latest = await db.$queryRaw<{ process: number; time: Date }[]>`
    SELECT process, max("time") AS "time" FROM news_process WHERE news_id = ${id} GROUP BY process`;
  const byStep = new Map(latest.map((row) => [row.process, seconds(row.time)]));
  return steps.map((step) => ({
    id: step.value,
    content: step.title,
    timestamp: byStep.get(step.value) ?? null,
  }));
};

type RecordRow = {
  id: number;
  news_id: number;
  process: number;
  process_title: string;
  title: string;
  time: Date;
  remark: string;
  attachments: string;
  created_by_name: string | null;
};

const recordOf = (titles: Map<number, string>) => (row: RecordRow) => {
  const current = titles.get(row.process);
  return {
    id: row.id,
    news_id: row.news_id,
    process: row.process,
    process_name: current ?? (row.process_title || REMOVED_STEP_NAME),
    // The step is no longer in the category's list: the record is kept but does not count.
    step_removed: current === undefined,
    title: row.title,
    time: seconds(row.time),
    remark: row.remark,
    attachments: row.attachments,
    created_by_name: row.created_by_name ?? '',
  };
};

/** Records read per turn: a turn is one solid stretch of this thread (see list-turns.ts). */
const TURN_ROWS = 25;

const byNewest = (a: RecordRow, b: RecordRow) => b.time.getTime() - a.time.getTime() || b.id - a.id;

/** One get_process_list answer (see findProcessList). */
const readProcessList = async ({ id, process, page, limit }: TProcessListQuery) => {
  // First which records (ids only, cheap), then their text, a few at a time.
  const { db, steps, chosen } = await inListTurn(async () => {
    const loaded = await loadItemSteps(id);
    const where = Prisma.sql`news_id = ${id} ${process === undefined ? Prisma.empty : Prisma.sql`AND process = ${process}`}`;
    const take = page === undefined ? PROCESS_LIST_MAX_LIMIT : limit;
    const rows = await loaded.db.$queryRaw<{ id: number; total: bigint | number }[]>`
      SELECT id, count(*) OVER () AS total FROM news_process WHERE ${where}
      ORDER BY "time" DESC, id DESC
      LIMIT ${take} OFFSET ${page === undefined ? 0 : (page - 1) * limit}`;
    const total = rows.length
      ? Number(rows[0].total)
      : page === undefined
        ? 0
        : Number(
            (
              await loaded.db.$queryRaw<
                { n: bigint }[]
              >`SELECT count(*) AS n FROM news_process WHERE ${where}`
            )[0]?.n ?? 0,
          );
    return { ...loaded, chosen: { ids: rows.map((row) => row.id), total } };
  });
  const rows: RecordRow[] = [];
  for (let at = 0; at < chosen.ids.length; at += TURN_ROWS) {
    const ids = chosen.ids.slice(at, at + TURN_ROWS);
    rows.push(
      ...(await inListTurn(
        () => db.$queryRaw<RecordRow[]>`
          SELECT p.id, p.news_id, p.process, p.process_title, p.title, p."time", p.remark, p.attachments,
                 u.name AS created_by_name
          FROM news_process p LEFT JOIN admin_user u ON u.id = p.created_by
          WHERE p.id = ANY(${ids}::int[])`,
      )),
    );
  }
  // A record deleted meanwhile is left out; one whose time changed meanwhile still sorts right.
  const data = rows.sort(byNewest).map(recordOf(new Map(steps.map((step) => [step.value, step.title]))));
  return page === undefined ? data : { data, total: chosen.total };
};

/**
 * news_manage/get_process_list: the item's records, newest first (time, then id), of one step
 * when `process` is given. A record of a step since removed keeps the title it was saved under.
 *
 * With `page`: that page of `limit` (≤ 100) records and the total, `{data, total}`. Without: the
 * array as always, but only the newest PROCESS_LIST_MAX_LIMIT (100) — the first 100 in that same
 * order, i.e. the latest record times (of equal times the highest ids) — so one answer never
 * grows with the item (an item may hold up to PROCESS_RECORDS_MAX); the rest come page by page.
 * An answer is up to ~1.6 MB: it is read in turns shared with the other calls (list-turns.ts).
 */
export const findProcessList = readProcessList;
