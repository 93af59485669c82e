import type { FieldDefinition } from '@/lib/fields/definition';
import type { News } from '@/lib/generated/prisma/client';

export type NewsRow = Pick<News, 'id' | 'classId' | 'title' | 'shortTitle' | 'intro' | 'content' | 'hrType' | 'oldClass' | 'isLock' | 'process' | 'newTime' | 'fields' | 'createdAt' | 'updatedAt'>;

export const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** An item as the API answers it: base columns plus the values of the fields in the current schema. */
export const toNewsItem = ({ row, fields, withContent = true }: { row: NewsRow; fields: FieldDefinition[]; withContent?: boolean }) => {
  const stored = (row.fields ?? {}) as Record<string, unknown>;
  const dynamic = Object.fromEntries(fields.map((field) => [field.key, stored[field.key] ?? null]));
  return {
    ...dynamic,
    id: row.id,
    class_id: row.classId,
    title: row.title,
    short_title: row.shortTitle,
    intro: row.intro,
    ...(withContent ? { content: row.content } : {}),
    hr_type: row.hrType,
    old_class: row.oldClass ?? 0,
    is_lock: row.isLock ? 1 : 0,
    process: row.process,
    new_time: toSeconds(row.newTime),
    created_at: toSeconds(row.createdAt),
    updated_at: toSeconds(row.updatedAt),
  };
};
