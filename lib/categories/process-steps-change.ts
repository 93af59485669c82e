import 'server-only';
import { Prisma } from '@/lib/generated/prisma/client';
import { isProcessClass, processSteps, recomputeProcess } from '@/lib/process/steps';

type ClassShape = { classType: string; contentFields: unknown };

const stepValues = (category: ClassShape) => processSteps(category).map((step) => step.value);

/**
 * After a category's steps (their values or order) or its type changed: its items' process is
 * set again from their records against the new steps. Records are never deleted; those of a
 * removed step stop counting. Runs in the category save's transaction, holding the category row.
 */
export const recomputeOnStepChange = async ({
  tx,
  classId,
  before,
  after,
}: {
  tx: Prisma.TransactionClient;
  classId: number;
  before: ClassShape;
  after: ClassShape;
}) => {
  if (!isProcessClass(after.classType)) return 0;
  const unchanged =
    isProcessClass(before.classType) && stepValues(before).join(',') === stepValues(after).join(',');
  if (unchanged) return 0;
  return recomputeProcess(tx, Prisma.sql`n.class_id = ${classId}`, processSteps(after));
};
