import type { FieldDefinition } from '@/lib/fields/definition';
import { epochSeconds } from '@/lib/fields/types/time';
import type { NewsItem } from './item-types';
import type { News } from '@/lib/generated/prisma/client';

export type NewsRow = Pick<
  News,
  | 'id'
  | 'classId'
  | 'title'
  | 'shortTitle'
  | 'intro'
  | 'content'
  | 'hrType'
  | 'oldClass'
  | 'isLock'
  | 'process'
  | 'newTime'
  | 'fields'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * An item as the API answers it: the values of the fields in the current schema, then the base
 * columns (which win over a dynamic key of the same name). Built by assignment rather than
 * spreading a `fromEntries` object: this runs for every row of every list page.
 */
export const toNewsItem = ({
  row,
  fields,
  withContent = true,
}: {
  row: NewsRow;
  fields: FieldDefinition[];
  withContent?: boolean;
}): NewsItem => {
  const stored = (row.fields ?? {}) as Record<string, unknown>;
  const item = {} as NewsItem;
  for (const field of fields) item[field.key] = stored[field.key] ?? null;
  item.id = row.id;
  item.class_id = row.classId;
  item.title = row.title;
  item.short_title = row.shortTitle;
  item.intro = row.intro;
  if (withContent) item.content = row.content;
  item.hr_type = row.hrType;
  item.old_class = row.oldClass ?? 0;
  item.is_lock = row.isLock ? 1 : 0;
  item.process = row.process;
  item.new_time = epochSeconds(row.newTime);
  item.created_at = epochSeconds(row.createdAt);
  item.updated_at = epochSeconds(row.updatedAt);
  return item;
};
