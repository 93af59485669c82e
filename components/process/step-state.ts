import type { ProcessStep } from '@/lib/process/process-types';

export type StepState = 'done' | 'current' | 'pending';

/** done: has a timestamp; current: the first step without one; pending: the rest. */
export const stepStates = (steps: readonly ProcessStep[]): StepState[] => {
  const current = steps.findIndex((step) => step.timestamp === null);
  return steps.map((step, index) =>
    step.timestamp !== null ? 'done' : index === current ? 'current' : 'pending',
  );
};

/** The first step before `index` that has no timestamp, if any: it must be filled in first. */
export const missingBefore = ({ steps, index }: { steps: readonly ProcessStep[]; index: number }) =>
  steps.slice(0, index).find((step) => step.timestamp === null) ?? null;
