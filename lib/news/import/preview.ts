import type { ListClass } from '../load-class';
import type { Plan } from './plan';

/** A planned row as it would be saved (import_news's `preview`). */
export const previewOf = (plan: Plan, category: ListClass) => {
  const { base, existing } = plan;
  const time = base.newTime ?? existing?.new_time;
  return {
    row: plan.row,
    action: plan.action,
    id: existing?.id ?? null,
    title: base.title,
    short_title: base.shortTitle ?? existing?.short_title ?? '',
    intro: base.intro ?? existing?.intro ?? '',
    content: base.content ?? existing?.content ?? '',
    // A create without a time is published when it is saved.
    new_time: Math.floor((time ?? new Date()).getTime() / 1000),
    is_lock: plan.isLock ?? existing?.is_lock ?? false,
    ...Object.fromEntries(
      category.schema.list.map((field) => [
        field.key,
        plan.action === 'unchanged'
          ? (((existing?.fields ?? {}) as Record<string, unknown>)[field.key] ?? null)
          : (plan.fields[field.key] ?? null),
      ]),
    ),
  };
};
