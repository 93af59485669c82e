import { Prisma } from '@/lib/generated/prisma/client';
import type { NewsRow } from './to-api';

/** A news row as raw SQL returns it (NEWS_COLUMNS). */
export type RawNewsRow = {
  id: number;
  class_id: number;
  title: string;
  short_title: string;
  intro: string;
  content: string;
  hr_type: string;
  old_class: number | null;
  is_lock: boolean;
  process: number;
  new_time: Date;
  fields: unknown;
  created_at: Date;
  updated_at: Date;
};

export const fromRaw = (row: RawNewsRow): NewsRow => ({
  id: row.id,
  classId: row.class_id,
  title: row.title,
  shortTitle: row.short_title,
  intro: row.intro,
  content: row.content,
  hrType: row.hr_type,
  oldClass: row.old_class,
  isLock: row.is_lock,
  process: row.process,
  newTime: row.new_time,
  fields: row.fields as NewsRow['fields'],
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The columns of RawNewsRow from `news n`; content only when it is shown. */
export const NEWS_COLUMNS = (withContent: boolean) =>
  Prisma.raw(
    `n.id, n.class_id, n.title, n.short_title, n.intro, ${withContent ? 'n.content' : "'' AS content"}, ` +
      'n.hr_type, n.old_class, n.is_lock, n.process, n.new_time, n.fields, n.created_at, n.updated_at',
  );
