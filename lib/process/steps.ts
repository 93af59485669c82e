import 'server-only';
import { readContentFields } from '@/lib/categories/content-fields';
import type { ProcessOption } from '@/lib/categories/schemas';
import { Prisma } from '@/lib/generated/prisma/client';

/** Categories whose items have a process (type 4: per-item process, type 5: plus the drawing). */
export const isProcessClass = (classType: string) => classType === '4' || classType === '5';

/** A category's ordered steps; other categories have none (their news.process is a plain column). */
export const processSteps = ({
  classType,
  contentFields,
}: {
  classType: string;
  contentFields: unknown;
}): ProcessOption[] => (isProcessClass(classType) ? readContentFields(contentFields).process : []);

export const REMOVED_STEP_NAME = '已删除的步骤';

/**
 * The value of the furthest step (in list order) of `steps` at which the item `n.id` has a
 * record, 0 when none: what news.process holds for an item of a process category.
 */
export const derivedProcessSql = (steps: ProcessOption[]) => Prisma.sql`COALESCE((
  SELECT s.value FROM unnest(${steps.map((step) => step.value)}::int[]) WITH ORDINALITY AS s(value, ord)
  WHERE EXISTS (SELECT 1 FROM news_process p WHERE p.news_id = n.id AND p.process = s.value)
  ORDER BY s.ord DESC LIMIT 1), 0)`;

/**
 * Rewrites news.process of the items `where` selects (a condition on `n`) from their records and
 * `steps`; only rows whose value changes are written. The caller holds what keeps the records
 * and steps still (the item's row lock, the category's row lock).
 */
export const recomputeProcess = (tx: Prisma.TransactionClient, where: Prisma.Sql, steps: ProcessOption[]) =>
  tx.$executeRaw`
    UPDATE news SET process = d.value
    FROM (SELECT n.id, ${derivedProcessSql(steps)} AS value FROM news n WHERE ${where}) AS d
    WHERE news.id = d.id AND news.process <> d.value`;
