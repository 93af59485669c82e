import 'server-only';
import { getDb } from '@/lib/db/client';
import { loadListClass } from '@/lib/news/load-class';
import { isProcessClass } from './steps';

export const NOT_STARTED = '未开始';

/** The category (404 / 400 for a single-page one) and its steps. */
const loadClassSteps = async (classId: number) => {
  const category = await loadListClass({ classId });
  return { db: await getDb(), steps: isProcessClass(category.classType) ? category.schema.process : [] };
};

/** How many items of the category stand at each value of news.process now. */
const countsByProcess = async (db: Awaited<ReturnType<typeof getDb>>, classId: number) => {
  const rows = await db.$queryRaw<{ process: number; count: number }[]>`
    SELECT process, count(*)::int AS count FROM news WHERE class_id = ${classId} GROUP BY process`;
  return new Map(rows.map((row) => [row.process, row.count]));
};

/** news_manage/get_hr_status_list: items not started, then items at each step, in step order. */
export const findHrStatusList = async ({ classId }: { classId: number }) => {
  const { db, steps } = await loadClassSteps(classId);
  const counts = await countsByProcess(db, classId);
  return [
    { value: 0, title: NOT_STARTED, count: counts.get(0) ?? 0 },
    ...steps.map((step) => ({ value: step.value, title: step.title, count: counts.get(step.value) ?? 0 })),
  ];
};

/**
 * news_manage/get_process_flow: per step in order, the items standing at it and the median time
 * from the previous step to it (this step's timestamp minus the previous one's, a step's
 * timestamp being its latest record) over the items that have records at both; null for the
 * first step or when no item has both.
 */
export const findProcessFlow = async ({ classId }: { classId: number }) => {
  const { db, steps } = await loadClassSteps(classId);
  const counts = await countsByProcess(db, classId);
  const values = steps.map((step) => step.value);
  const medians = await db.$queryRaw<{ value: number; median: number | null }[]>`
    WITH pairs AS (
      SELECT s.value, lag(s.value) OVER (ORDER BY s.ord) AS previous
      FROM unnest(${values}::int[]) WITH ORDINALITY AS s(value, ord)
    ), stamps AS (
      SELECT p.news_id, p.process, max(p."time") AS at
      FROM news_process p JOIN news n ON n.id = p.news_id
      WHERE n.class_id = ${classId} AND p.process = ANY(${values}::int[])
      GROUP BY p.news_id, p.process
    )
    SELECT pairs.value, percentile_cont(0.5) WITHIN GROUP (
             ORDER BY extract(epoch FROM cur.at)::float8 - extract(epoch FROM prev.at)::float8) AS median
    FROM pairs
    JOIN stamps cur ON cur.process = pairs.value
    JOIN stamps prev ON prev.news_id = cur.news_id AND prev.process = pairs.previous
    GROUP BY pairs.value`;
  const medianOf = new Map(medians.map((row) => [row.value, row.median]));
  return steps.map((step) => ({
    value: step.value,
    title: step.title,
    count: counts.get(step.value) ?? 0,
    median_seconds: medianOf.get(step.value) ?? null,
  }));
};
