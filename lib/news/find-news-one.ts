import 'server-only';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { cleanRichValues } from '@/lib/fields/clean-rich-text';
import { sanitizeRichText } from '@/lib/fields/sanitize-html';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { fromRaw, NEWS_COLUMNS, type RawNewsRow } from './news-row';
import { toListClass, type ListClass } from './load-class';
import { toNewsItem, type NewsRow } from './to-api';

export const NEWS_NOT_FOUND = '内容不存在';

/**
 * An item as get_news_one answers it (without its version): the values of `category`'s fields and
 * the base columns, rich text passed through the allow-list again (clean-rich-text.ts).
 */
export const presentNewsItem = ({ category, row }: { category: ListClass; row: NewsRow }) => {
  const item = cleanRichValues({
    fields: category.schema.list,
    values: toNewsItem({ row, fields: category.schema.list }),
  });
  if (typeof item.content === 'string' && item.content) item.content = sanitizeRichText(item.content);
  return item;
};

type Row = RawNewsRow & {
  class_name: string;
  class_type: string;
  content_fields: unknown;
  row_version: string;
};

/** One item with every field and its row version; the item and its category's schema in one round trip. */
export const findNewsOne = async ({ id }: { id: number }) => {
  const sql = await getSql();
  const [row] = await sql.query<Row>(
    Prisma.sql`
    SELECT ${NEWS_COLUMNS(true)}, c.name AS class_name, c.class_type, c.content_fileds AS content_fields, n.xmin::text AS row_version
    FROM news n JOIN news_class c ON c.id = n.class_id
    WHERE n.id = ${id}`,
    { prepare: true },
  );
  if (!row) throw new AppError({ code: ErrorCode.notFound, message: NEWS_NOT_FOUND });
  const category = toListClass({
    id: row.class_id,
    name: row.class_name,
    classType: row.class_type,
    contentFields: row.content_fields,
  });
  const item = presentNewsItem({ category, row: fromRaw(row) });
  // The row's version (any change moves it), for save_news_info to notice a concurrent edit.
  return { ...item, row_version: row.row_version };
};
