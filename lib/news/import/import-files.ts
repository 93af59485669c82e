import 'server-only';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { fieldTypeOf } from '@/lib/fields/registry';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { createFileReader } from '@/lib/uploads/file-reader';
import { NO_FILE_MESSAGE, receiveMultipart } from '@/lib/uploads/receive-multipart';
import { loadListClass } from '../load-class';
import type { BadRows } from './import-news';
import { IMPORT_FILE_MAX_BYTES } from './open-sheet';
import { importTargets, type ImportTarget } from './targets';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const xlsxResponse = (buffer: ArrayBuffer | Buffer, filename: string) =>
  new Response(new Uint8Array(buffer as ArrayBuffer), {
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': `attachment; filename="import.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });

/** The file of import_news, read whole (it is hashed and parsed), refused (413) past 20 MB while streaming. */
const readImportBytes = async (stream: Readable) => {
  const reader = createFileReader({ stream });
  const chunks: Buffer[] = [];
  let size = 0;
  for (let chunk = await reader.next(); chunk; chunk = await reader.next()) {
    size += chunk.length;
    if (size > IMPORT_FILE_MAX_BYTES) {
      await reader.drain();
      throw new AppError({
        code: ErrorCode.tooLarge,
        message: `文件不能超过 ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB`,
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/** import_news's multipart body: `file` and the text fields (before or after it). */
export const receiveImport = async ({ request }: { request: Request }) => {
  const { fields, file } = await receiveMultipart({
    request,
    fileField: 'file',
    maxFileBytes: IMPORT_FILE_MAX_BYTES,
    onFile: async ({ file: incoming }) => ({
      name: incoming.filename,
      bytes: await readImportBytes(incoming.stream),
    }),
  });
  if (!file) throw new AppError({ code: ErrorCode.badRequest, message: NO_FILE_MESSAGE });
  if (file.bytes.length === 0) throw new AppError({ code: ErrorCode.badRequest, message: '文件是空的' });
  return { fields, file };
};

/** What a column takes, in words, for the template's 说明 sheet. */
const allowedOf = (target: ImportTarget): string => {
  if (target.kind === 'id') return '内容的 ID（按 ID 更新时填写；新建留空）';
  if (target.kind === 'lock') return '是/否、1/0 或 true/false';
  const field = target.field;
  switch (field.type) {
    case 'select':
      return `选项名称或值：${field.options.map((option) => option.label).join('、')}${field.is_self_write ? '（也可自行填写）' : ''}`;
    case 'mult_select':
      return `一项或多项，用 、 或 , 分隔：${field.options.map((option) => option.label).join('、')}`;
    case 'datetime':
      return 'yyyy-mm-dd hh:mm[:ss]、日期单元格或 10 位秒数';
    case 'date':
      return 'yyyy-mm-dd、日期单元格或 10 位秒数';
    case 'int':
      return '整数';
    case 'float':
      return '数字';
    case 'color':
      return '#rrggbb';
    case 'img':
    case 'one_picture':
      return '一个图片地址（/uploads/… 或 http(s)://…）';
    case 'one_video':
      return '一个 mp4 视频地址';
    case 'mult_pictures':
      return `图片地址，用 , 分隔，最多 ${field.limit || 10} 张`;
    case 'html_editor':
      return 'HTML 或纯文本（保存时按规则清理）';
    case 'out_auto':
      return '关联内容的值（ID）';
    case 'child_info':
      return `JSON 数组，如 [{${field.child_info.map((child) => `"${child.title}":"…"`).join(',')}}]`;
    default:
      return field.max ? `文字，最多 ${field.max} 个字` : '文字';
  }
};

/**
 * get_import_template: an .xlsx whose header row holds the category's base fields as its base_set
 * names them and its dynamic fields, and a second sheet 说明 with each column's type, whether it
 * is required and what it takes.
 */
export const importTemplate = async ({ classId }: { classId: number }) => {
  const category = await loadListClass({ classId });
  const targets = importTargets(category.schema).filter(
    (target) => target.kind === 'field' || (target.kind === 'base' && target.key !== 'new_time'),
  );
  const extra = importTargets(category.schema).filter(
    (target) => target.kind === 'id' || target.kind === 'lock' || target.key === 'new_time',
  );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(category.name.slice(0, 31) || '内容');
  sheet.addRow(targets.map((target) => target.title));
  sheet.getRow(1).font = { bold: true };
  targets.forEach((_, index) => (sheet.getColumn(index + 1).width = 18));
  const help = workbook.addWorksheet('说明');
  help.addRow(['列名', '字段标识', '类型', '必填', '可填写的值']);
  help.getRow(1).font = { bold: true };
  for (const target of [...targets, ...extra])
    help.addRow([
      target.title,
      target.key,
      target.kind === 'id' ? 'ID' : target.kind === 'lock' ? '开关' : fieldTypeOf(target.field.type).label,
      target.key === 'title' || (target.kind === 'field' && target.field.ismust) ? '是' : '否',
      allowedOf(target),
    ]);
  help.addRow([]);
  help.addRow(['第 1 行是表头，从第 2 行起每行一条内容；ID、发布时间、锁定 三列可选，需要时加在表头里。']);
  help.columns.forEach((column, index) => (column.width = [18, 18, 12, 8, 60][index]));
  return xlsxResponse(await workbook.xlsx.writeBuffer(), `${category.name}-导入模板.xlsx`);
};

/** export_import_errors: the bad rows of an import with an extra 错误 column, to fix and import again. */
export const badRowsFile = async ({ fileName, badRows }: { fileName: string; badRows: BadRows }) => {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => output.once('end', resolve));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('错误行');
  sheet.addRow([...badRows.headers, '错误']).commit();
  for (const entry of badRows.rows) {
    const cells = badRows.headers.map((_, index) => entry.cells[index] ?? null);
    const row = sheet.addRow([...cells, `第 ${entry.row} 行：${entry.message}`]);
    cells.forEach((cell, index) => {
      if (cell instanceof Date) row.getCell(index + 1).numFmt = 'yyyy-mm-dd hh:mm:ss';
    });
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  const base = fileName.replace(/\.(xlsx|csv)$/i, '');
  return xlsxResponse(Buffer.concat(chunks), `${base}-错误行.xlsx`);
};
