import ExcelJS from 'exceljs';
import { GET as errorsRoute } from '@/app/api/v1/manage/news_manage/export_import_errors/route';
import { GET as statusRoute } from '@/app/api/v1/manage/news_manage/get_import_status/route';
import { GET as templateRoute } from '@/app/api/v1/manage/news_manage/get_import_template/route';
import { POST as importRoute } from '@/app/api/v1/manage/news_manage/import_news/route';
import type { ImportAnswer } from '@/lib/news/import/import-news';
import { multipartBody } from '../storage/helpers/multipart';
import { call, type ApiResult } from './api';

export type ImportResult = ImportAnswer & { job: string; state: string };

/** import_news with a file of these bytes (streamed as a browser sends it) and these fields. */
export const importFile = async (
  token: string,
  {
    bytes,
    filename = 'items.xlsx',
    fields,
  }: { bytes: Uint8Array; filename?: string; fields: Record<string, string | number> },
): Promise<ApiResult<ImportResult>> => {
  const { body, contentType } = multipartBody({
    fields: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
    file: {
      filename,
      chunks: async function* chunks() {
        for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
      },
    },
  });
  const response = await importRoute(
    new Request('http://127.0.0.1:3000/api/v1/manage/news_manage/import_news', {
      method: 'POST',
      headers: { 'x-token': token, 'content-type': contentType, 'x-forwarded-for': '127.0.0.1' },
      body,
      duplex: 'half',
    } as RequestInit),
  );
  return { status: response.status, body: await response.json(), headers: response.headers };
};

/** An .xlsx of these rows (first = header); `edit` may style cells (dates, formulas). */
export const xlsxOf = async (
  rows: unknown[][],
  edit?: (sheet: ExcelJS.Worksheet) => void,
  { useSharedStrings = true }: { useSharedStrings?: boolean } = {},
) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('内容');
  for (const row of rows) sheet.addRow(row);
  edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer({ useSharedStrings } as ExcelJS.XlsxWriteOptions));
};

/** The rows of an .xlsx answer's first sheet (values as exceljs reads them). */
export const sheetRows = async (bytes: ArrayBuffer | Buffer, index = 0) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes as ArrayBuffer) as never);
  const rows: unknown[][] = [];
  workbook.worksheets[index].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

export const importStatus = (token: string, job: string) =>
  call<{
    job: string;
    state: string;
    done: number;
    total: number;
    result: ImportResult | null;
    error: unknown;
  }>(statusRoute, { token, query: { job } });

/** Polls get_import_status until the job is no longer running. */
export const waitForImport = async (token: string, job: string) => {
  for (;;) {
    const status = await importStatus(token, job);
    if (status.body.data?.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const download = async (handler: (request: Request) => Promise<Response>, token: string, query: string) =>
  handler(
    new Request(`http://127.0.0.1/api/v1/manage/news_manage/x?${query}`, { headers: { 'x-token': token } }),
  );

export const importTemplate = (token: string, classId: number) =>
  download(templateRoute, token, `class_id=${classId}`);

export const importErrors = (token: string, job: string) => download(errorsRoute, token, `job=${job}`);

/** import_news, then (a file that took longer than the call waits) its job's result. */
export const importDone = async (token: string, options: Parameters<typeof importFile>[1]) => {
  const answer = await importFile(token, options);
  if (answer.body.code !== 200) throw new Error(`import_news: ${answer.body.message}`);
  if (answer.body.data.state === 'done') return answer.body.data;
  const status = await waitForImport(token, answer.body.data.job);
  if (status.body.data.state !== 'done')
    throw new Error(`import failed: ${JSON.stringify(status.body.data.error)}`);
  return status.body.data.result as ImportResult;
};
