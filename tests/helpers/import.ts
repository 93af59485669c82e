import ExcelJS from 'exceljs';
import { GET as errorsRoute } from '@/app/api/v1/manage/news_manage/export_import_errors/route';
import { GET as statusRoute } from '@/app/api/v1/manage/news_manage/get_import_status/route';
import { GET as templateRoute } from '@/app/api/v1/manage/news_manage/get_import_template/route';
import { POST as importRoute } from '@/app/api/v1/manage/news_manage/import_news/route';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ImportAnswer } from '@/lib/news/import/import-news';
import { REVISION_COLUMNS } from '@/lib/revisions/record-revision';
import { keptRevisionSql } from '@/lib/revisions/kept-revisions';
import { multipartBody } from '../storage/helpers/multipart';
import { call, type ApiResult } from './api';
import { createClass } from './categories';

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

/**
 * A category for the import tests: 标题 and these base columns shown (name by key: intro, content…)
 * and these dynamic fields.
 */
export const importCategory = (
  token: string,
  { name, base = {}, list }: { name: string; base?: Record<string, string>; list: unknown[] },
) =>
  createClass(token, {
    name,
    content_fileds: {
      base_set: {
        title: { name: '标题', showlist: 1, isshow: 1 },
        ...Object.fromEntries(
          Object.entries(base).map(([key, title]) => [key, { name: title, showlist: 1, isshow: 1 }]),
        ),
      },
      list,
    },
  });

/** The kept revisions of the items of a category (not removed beyond revision_keep), oldest first per item. */
export const categoryRevisions = async (classId: number) => {
  const db = await getDb();
  const columnsSql = Prisma.raw(
    `jsonb_build_object(${REVISION_COLUMNS.map((key) => `'${key}', n.${key}`).join(', ')})`,
  );
  return db.$queryRaw<
    {
      news_id: number;
      rev: number;
      action: string;
      user_id: number;
      user_name: string;
      changed: string[];
      content_hash: string;
      fields_hash: string;
      class_id: number;
      pruned_to: number;
      same_columns: boolean;
    }[]
  >(Prisma.sql`SELECT r.news_id, r.rev, r.action, r.user_id, r.user_name, r.changed, r.content_hash, r.fields_hash,
      r.class_id, r.pruned_to, r.columns = ${columnsSql} AS same_columns
    FROM news_revision r JOIN news n ON n.id = r.news_id WHERE n.class_id = ${classId} AND ${keptRevisionSql('r')}
    ORDER BY r.news_id, r.rev`);
};

/** The revision texts of the items of a category. */
export const categoryRevisionTexts = async (classId: number) =>
  (await getDb()).$queryRaw<{ news_id: number; hash: string; body: string }[]>`
    SELECT t.news_id, t.hash, t.body FROM news_revision_text t JOIN news n ON n.id = t.news_id
    WHERE n.class_id = ${classId} ORDER BY t.news_id, t.hash`;
