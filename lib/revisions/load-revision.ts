import 'server-only';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import type { NewsRow } from '@/lib/news/to-api';
import type { RevisionAction } from './actions';
import { keptRevisionSql } from './kept-revisions';

export const REVISION_NOT_FOUND = '该历史版本不存在（可能已超出保留数量被清理）';
export const REVISION_TEXT_LOST = '该历史版本的正文已无法读取';

type Reader = { $queryRaw: <T>(query: Prisma.Sql) => Prisma.PrismaPromise<T> };

/**
 * One revision with its whole state: the small columns, content and fields. A text is stored
 * (news_revision_text, by md5) once it leaves the item (migration 20261207000000_lazy_revision_texts):
 * until then it is the item's own, read from news.
 */
export type LoadedRevision = {
  rev: number;
  action: RevisionAction;
  userName: string;
  time: Date;
  changed: string[];
  row: NewsRow;
};

type RevisionRow = {
  rev: number;
  action: RevisionAction;
  user_name: string;
  created_at: Date;
  changed: string[] | null;
  columns: Record<string, unknown>;
  content: string | null;
  fields: string | null;
};

const dateOf = (value: unknown) => new Date(String(value));

/** The revision's state as a news row, so the item mapping of get_news_one applies to it unchanged. */
const toRow = (newsId: number, row: RevisionRow): NewsRow => {
  const columns = row.columns;
  return {
    id: newsId,
    classId: Number(columns.class_id),
    title: String(columns.title ?? ''),
    shortTitle: String(columns.short_title ?? ''),
    intro: String(columns.intro ?? ''),
    content: row.content ?? '',
    hrType: String(columns.hr_type ?? ''),
    oldClass:
      columns.old_class === null || columns.old_class === undefined ? null : Number(columns.old_class),
    isLock: columns.is_lock === true,
    process: Number(columns.process ?? 0),
    newTime: dateOf(columns.new_time),
    fields: row.fields === null ? {} : (JSON.parse(row.fields) as NewsRow['fields']),
    createdAt: dateOf(columns.created_at),
    updatedAt: dateOf(columns.updated_at),
  };
};

/** Revision `rev` of item `newsId` (404 when there is none). */
export const loadRevision = async (
  db: Reader,
  { newsId, rev }: { newsId: number; rev: number },
): Promise<LoadedRevision> => {
  const [row] = await db.$queryRaw<RevisionRow[]>(Prisma.sql`
    SELECT r.rev, r.action, r.user_name, r.created_at, r.changed, r.columns,
      COALESCE(c.body, CASE WHEN md5(n.content) = r.content_hash THEN n.content END) AS content,
      COALESCE(f.body, CASE WHEN md5(n.fields::text) = r.fields_hash THEN n.fields::text END) AS fields
    FROM news_revision r
    LEFT JOIN news_revision_text c ON c.news_id = r.news_id AND c.hash = r.content_hash
    LEFT JOIN news_revision_text f ON f.news_id = r.news_id AND f.hash = r.fields_hash
    LEFT JOIN news n ON n.id = r.news_id AND (c.body IS NULL OR f.body IS NULL)
    WHERE r.news_id = ${newsId} AND r.rev = ${rev} AND ${keptRevisionSql('r')}`);
  if (!row) throw new AppError({ code: ErrorCode.notFound, message: REVISION_NOT_FOUND });
  // Neither stored nor the item's own: never answered (or reverted to) as an empty item.
  if (row.content === null || row.fields === null)
    throw new AppError({ code: ErrorCode.notFound, message: REVISION_TEXT_LOST });
  return {
    rev: row.rev,
    action: row.action,
    userName: row.user_name,
    time: row.created_at,
    changed: row.changed ?? [],
    row: toRow(newsId, row),
  };
};
