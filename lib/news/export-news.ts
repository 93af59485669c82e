import 'server-only';
import { PassThrough, Readable, Transform } from 'node:stream';
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

/** Bytes of the file written but not yet taken by the download before the next batch waits. */
const MAX_UNREAD = 256 * 1024;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the zip writer has compressed what the last batch gave it and the download has
 * taken most of the result, or the download has gone away. exceljs's streaming writer does not
 * wait for room (it buffers whatever it is given, uncompressed), so the export paces itself: a
 * slow download holds a batch or two in memory, not the whole file. `zipped` counts the bytes the
 * zip writer has put out (it stops moving when the writer has caught up), `delivered` those the
 * download has taken.
 *
 * Why a short poll: neither exceljs nor archiver (its zip writer) tells when the rows given so far
 * have been compressed: rows go into an internal buffer of exceljs, compression runs in zlib's
 * thread pool, and no event or promise marks "caught up" (archiver's 'progress' speaks per file,
 * and the sheet is one file). Backpressure does not help either: exceljs ignores it. So the
 * output is watched until it stops growing. It is counted on our own output stream (public stream
 * API), not on a private counter of exceljs's zip writer.
 */
const downloadCaughtUp = async (
  stream: PassThrough,
  { zipped, delivered }: { zipped: () => number; delivered: () => number },
) => {
  for (let seen = -1; !stream.destroyed && zipped() !== seen;) {
    seen = zipped();
    await pause(2);
  }
  while (!stream.destroyed && zipped() - delivered() > MAX_UNREAD) await pause(10);
};

/**
 * Every item matching the list filters as an .xlsx, written row by row to the response stream
 * (keyset batches, streaming workbook writer, the next batch only when the download has taken
 * the last), so memory stays flat whatever the count and however slow the download.
 */
export const exportNews = async ({ query }: { query: Record<string, unknown> & { class_id: number } }) => {
  const category = await loadListClass({ classId: query.class_id });
  const { where } = buildNewsFilters({ classId: category.id, query, fields: category.schema.list });
  const columns = listColumns(category.schema);
  const withContent = columns.some((column) => column.key === 'content');
  const db = await getDb();

  // The file as it leaves the zip writer, counted. Its buffer holds twice what the pacing lets
  // wait for the download, so the zip writer never waits on it: the count is all it has put out.
  // The response reads `stream` (a plain 16 KB buffer: the body takes no more than that ahead).
  let zipped = 0;
  const counted = new Transform({
    highWaterMark: 2 * MAX_UNREAD,
    transform(chunk: Buffer, _encoding, done) {
      zipped += chunk.length;
      done(null, chunk);
    },
  });
  const stream = new PassThrough();
  counted.pipe(stream);
  stream.on('close', () => counted.destroy());
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: counted,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(category.name.slice(0, 31) || '内容');
  sheet.columns = columns.map((column) => ({
    header: column.title,
    key: column.key,
    width: column.key === 'title' ? 40 : 18,
  }));

  const write = async () => {
    let cursor: { time: Date; id: number } | null = null;
    for (;;) {
      const after: Prisma.Sql = cursor
        ? Prisma.sql`AND (n.new_time, n.id) < (${cursor.time}, ${cursor.id})`
        : Prisma.empty;
      const rows: Parameters<typeof fromRaw>[0][] = await db.$queryRaw`
        SELECT ${NEWS_COLUMNS(withContent)} FROM news n WHERE ${where} ${after}
        ORDER BY n.new_time DESC, n.id DESC LIMIT ${BATCH}`;
      for (const raw of rows) {
        const row = fromRaw(raw);
        const stored = (row.fields ?? {}) as Record<string, StoredValue>;
        const base: Record<string, string> = {
          title: row.title,
          short_title: row.shortTitle,
          intro: row.intro,
          content: htmlToText(row.content),
        };
        sheet
          .addRow(
            Object.fromEntries(
              columns.map((column) => [
                column.key,
                column.field
                  ? valueText({ field: column.field, value: stored[column.key] })
                  : base[column.key],
              ]),
            ),
          )
          .commit();
      }
      if (rows.length < BATCH) break;
      const last = rows[rows.length - 1];
      cursor = { time: last.new_time, id: last.id };
      await downloadCaughtUp(stream, { zipped: () => zipped, delivered: () => delivered });
      // The download was cancelled: stop reading the database.
      if (stream.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  const body = Readable.toWeb(stream) as ReadableStream;
  // Counted after the body is attached: the stream flows only as fast as the download reads.
  let delivered = 0;
  stream.on('data', (chunk: Buffer) => {
    delivered += chunk.length;
  });
  write().catch((error) => {
    logger.error({ err: error }, 'export failed');
    stream.destroy(error as Error);
  });

  const filename = encodeURIComponent(`${category.name}-导出.xlsx`);
  return new Response(body, {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${filename}`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
