import 'server-only';
import { xlsxDownload } from '@/lib/export/xlsx-stream';
import { getDb } from '@/lib/db/client';
import { htmlToText } from '@/lib/fields/types/rich';
import { valueText } from '@/lib/fields/value-text';
import type { StoredValue } from '@/lib/fields/type-definition';
import { Prisma } from '@/lib/generated/prisma/client';
import { buildNewsFilters } from './build-filters';
import { fromRaw, NEWS_COLUMNS } from './news-row';
import { listColumns } from './list-columns';
import { loadListClass } from './load-class';

const BATCH = 1000;

/**
 * Every item matching the list filters as an .xlsx, streamed (lib/export/xlsx-stream.ts) from
 * keyset batches in list order. Everything that can refuse the export — the category, the filters,
 * the first query — runs before the Response (and its download headers) exists, so a refusal is an
 * ordinary error envelope.
 */
export const exportNews = async ({ query }: { query: Record<string, unknown> & { class_id: number } }) => {
  const category = await loadListClass({ classId: query.class_id });
  const { where } = buildNewsFilters({ classId: category.id, query, fields: category.schema.list });
  const columns = listColumns(category.schema);
  const withContent = columns.some((column) => column.key === 'content');
  const db = await getDb();

  async function* batches() {
    let cursor: { time: Date; id: number } | null = null;
    for (;;) {
      const after: Prisma.Sql = cursor
        ? Prisma.sql`AND (n.new_time, n.id) < (${cursor.time}, ${cursor.id})`
        : Prisma.empty;
      const rows: Parameters<typeof fromRaw>[0][] = await db.$queryRaw`
        SELECT ${NEWS_COLUMNS(withContent)} FROM news n WHERE ${where} ${after}
        ORDER BY n.new_time DESC, n.id DESC LIMIT ${BATCH}`;
      yield rows.map((raw) => {
        const row = fromRaw(raw);
        const stored = (row.fields ?? {}) as Record<string, StoredValue>;
        const base: Record<string, string> = {
          title: row.title,
          short_title: row.shortTitle,
          intro: row.intro,
          content: htmlToText(row.content),
        };
        return Object.fromEntries([
          ...columns.map((column) => [
            column.key,
            column.field ? valueText({ field: column.field, value: stored[column.key] }) : base[column.key],
          ]),
          ['id', row.id],
        ]);
      });
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1];
      cursor = { time: last.new_time, id: last.id };
    }
  }

  return xlsxDownload({
    sheetName: category.name || '内容',
    // ID last: an export edited in Excel and imported with key=id updates the items it came from.
    columns: [
      ...columns.map((column) => ({
        header: column.title,
        key: column.key,
        width: column.key === 'title' ? 40 : 18,
      })),
      { header: 'ID', key: 'id', width: 10 },
    ],
    batches: batches(),
    filename: `${category.name}-导出.xlsx`,
  });
};
