import 'server-only';
import { Prisma } from '@/lib/generated/prisma/client';

/**
 * The columns of news and news_process, in the order a restore writes them back from the JSON a
 * bin row keeps (to_jsonb of each row). Listed rather than `SELECT *`, so that a column added to
 * news later is a decision here (tests/api/recycle-bin.test.ts compares these lists with the
 * tables): a bin row written before the column existed has no key for it, and a NOT NULL column
 * then needs a value (the migration that adds it should also set it in news_trash.item).
 */
export const NEWS_COLUMNS = [
  'id',
  'class_id',
  'title',
  'short_title',
  'intro',
  'content',
  'hr_type',
  'old_class',
  'is_lock',
  'process',
  'new_time',
  'fields',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
] as const;

export const NEWS_PROCESS_COLUMNS = [
  'id',
  'news_id',
  'process',
  'process_title',
  'title',
  'time',
  'remark',
  'attachments',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
] as const;

/** `"a", "b", …` (optionally each as `alias."a"`), for an INSERT's column list or its SELECT. */
export const columnList = (columns: readonly string[], alias?: string) =>
  Prisma.raw(columns.map((column) => (alias ? `${alias}."${column}"` : `"${column}"`)).join(', '));
