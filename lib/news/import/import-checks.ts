import 'server-only';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import dayjs from 'dayjs';
import { CLASS_STAMP, toListClass } from '../load-class';

// What import_news (import-news.ts) and its commit (commit-import.ts) both check: the category as
// read (with its stamp) and whether the file was imported into it before.

export const refuse = (message: string, data?: unknown) =>
  new AppError({ code: ErrorCode.badRequest, message, ...(data === undefined ? {} : { data }) });

/** The category with the stamp of the same read (what a commit checks it still is). */
export const readCategory = async (classId: number) => {
  const sql = await getSql();
  const [row] = await sql.query<{
    id: number;
    name: string;
    class_type: string;
    content_fields: unknown;
    stamp: string;
  }>(
    Prisma.sql`SELECT c.id, c.name, c.class_type, c.content_fileds AS content_fields, ${CLASS_STAMP} AS stamp
      FROM news_class c WHERE c.id = ${classId}`,
  );
  const category = toListClass(
    row && { id: row.id, name: row.name, classType: row.class_type, contentFields: row.content_fields },
  );
  return { category, stamp: row.stamp };
};

type Repeat = { imported_at: number; username: string } | null;

export const findRepeat = async (
  runner: { $queryRaw: <T>(query: Prisma.Sql) => Prisma.PrismaPromise<T> },
  { classId, hash }: { classId: number; hash: string },
): Promise<Repeat> => {
  const [row] = await runner.$queryRaw<{ created_at: Date; username: string }[]>(Prisma.sql`
    SELECT created_at, username FROM news_import_file WHERE class_id = ${classId} AND file_hash = ${hash}
    ORDER BY id DESC LIMIT 1`);
  return row ? { imported_at: Math.floor(row.created_at.getTime() / 1000), username: row.username } : null;
};

export const repeatMessage = (repeat: NonNullable<Repeat>) =>
  `该文件已于 ${dayjs.unix(repeat.imported_at).format('YYYY-MM-DD HH:mm')} 由 ${repeat.username || '系统'} 导入到本栏目；如确需再次导入，请勾选「允许重复导入」（allow_repeat: 1）`;
