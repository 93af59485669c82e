import 'server-only';
import { PassThrough, Readable, Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import { logger } from '@/lib/logger';

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

export type XlsxColumn = { key: string; header: string; width: number };

/**
 * An .xlsx download written row by row as it streams: `batches` yields rows (cell text by column
 * key) a batch at a time, and the next batch is asked for only when the download has taken the
 * last, so memory stays flat whatever the count and however slow the download. A cancelled
 * download stops asking. The first batch is read before the Response exists, so a query the
 * database refuses ends as an error envelope, not as a cut file. Used by the item export and the
 * 操作日志 export.
 */
export const xlsxDownload = async ({
  sheetName,
  columns,
  batches,
  filename,
}: {
  sheetName: string;
  columns: readonly XlsxColumn[];
  batches: AsyncIterable<readonly Record<string, unknown>[]>;
  /** Offered to the browser (any language; sent RFC 5987-encoded). */
  filename: string;
}) => {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();

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
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((column) => ({ ...column }));

  const write = async () => {
    for (let next = first; !next.done; next = await iterator.next()) {
      for (const row of next.value) sheet.addRow(row).commit();
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

  return new Response(body, {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
