import 'server-only';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { getDb } from '@/lib/db/client';
import { htmlToText } from '@/lib/fields/types/rich';
import { valueText } from '@/lib/fields/value-text';
import type { StoredValue } from '@/lib/fields/type-definition';
import { Prisma } from '@/lib/generated/prisma/client';
import { logger } from '@/lib/logger';
import { buildNewsFilters } from './build-filters';
import { fromRaw, NEWS_COLUMNS } from './news-row';
import { listColumns } from './list-columns';
import { loadListClass } from './load-class';

const BATCH = 1000;

/**
 * Every item matching the list filters as an .xlsx, written row by row to the response stream
 * (keyset batches, streaming workbook writer), so memory stays flat whatever the count.
 */
export const exportNews = async ({ query }: { query: Record<string, unknown> & { class_id: number } }) => {
  const category = await loadListClass({ classId: query.class_id });
  const { where } = buildNewsFilters({ classId: category.id, query, fields: category.schema.list });
  const columns = listColumns(category.schema);
  const withContent = columns.some((column) => column.key === 'content');
  const db = await getDb();

  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(category.name.slice(0, 31) || '内容');
  sheet.columns = columns.map((column) => ({ header: column.title, key: column.key, width: column.key === 'title' ? 40 : 18 }));

  const write = async () => {
    let cursor: { time: Date; id: number } | null = null;
    for (;;) {
      const after: Prisma.Sql = cursor ? Prisma.sql`AND (n.new_time, n.id) < (${cursor.time}, ${cursor.id})` : Prisma.empty;
      const rows: Parameters<typeof fromRaw>[0][] = await db.$queryRaw`
        SELECT ${NEWS_COLUMNS(withContent)} FROM news n WHERE ${where} ${after}
        ORDER BY n.new_time DESC, n.id DESC LIMIT ${BATCH}`;
      for (const raw of rows) {
        const row = fromRaw(raw);
        const stored = (row.fields ?? {}) as Record<string, StoredValue>;
        const base: Record<string, string> = { title: row.title, short_title: row.shortTitle, intro: row.intro, content: htmlToText(row.content) };
        sheet.addRow(Object.fromEntries(columns.map((column) => [column.key, column.field ? valueText({ field: column.field, value: stored[column.key] }) : base[column.key]]))).commit();
      }
      if (rows.length < BATCH) break;
      const last = rows[rows.length - 1];
      cursor = { time: last.new_time, id: last.id };
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error) => {
    logger.error({ err: error }, 'export failed');
    stream.destroy(error as Error);
  });

  const filename = encodeURIComponent(`${category.name}-导出.xlsx`);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${filename}`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
