import 'server-only';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import type { CellValue } from './convert-cell';
import { checkXlsxZip, entryText } from './zip-check';

/** The largest file import_news takes (checked while it streams in) and the most data rows. */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_ROWS_MAX = 50_000;
/** Columns of a sheet read at most. */
const COLUMNS_MAX = 200;

export type SheetRow = { row: number; cells: CellValue[] };
export type ImportSheet = { headers: string[]; rows: SheetRow[] };

const refuse = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

export const BAD_FILE = {
  type: '只能导入 .xlsx 或 .csv 文件',
  xls: '不支持 .xls（Excel 97-2003）文件，请在 Excel 中另存为 .xlsx 后再导入',
  renamed: '文件内容不是 .xlsx（可能是改了扩展名的其他文件），请在 Excel 中另存为 .xlsx 后再导入',
  broken: '文件已损坏，无法读取，请在 Excel 中打开并另存为 .xlsx 后再导入',
  encrypted: '文件设置了打开密码，请在 Excel 中取消密码后再导入',
  bomb: '文件解压后过大（超过 400 MB），不能导入',
  empty: '表格是空的：第一个工作表没有任何内容',
  noHeader: '第 1 行没有表头：请在第 1 行写上列名（如 标题、简介）',
  noRows: '表格只有表头，没有要导入的数据行',
  tooManyRows: `一次最多导入 ${IMPORT_ROWS_MAX.toLocaleString('en-US')} 行，请拆分文件后分批导入`,
  tooManyColumns: `表格最多 ${COLUMNS_MAX} 列`,
} as const;

/** A column's letter as Excel shows it (0 → A, 26 → AA). */
export const columnLetter = (index: number): string => {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
};

/**
 * The file's text: UTF-8 (with or without a BOM), otherwise GB18030 (which covers GBK and
 * GB2312): a file that is not valid UTF-8 is read as GB18030. Nobody is asked.
 */
export const decodeCsv = (bytes: Uint8Array) => {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
};

/** The cached value of an exceljs cell value: formulas give their result, rich text its text. */
const cellOf = (value: unknown): CellValue => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if ('formula' in object || 'sharedFormula' in object) return cellOf(object.result);
    if (Array.isArray(object.richText))
      return (object.richText as { text?: string }[]).map((part) => part.text ?? '').join('');
    if ('hyperlink' in object || 'text' in object) return cellOf(object.text);
    if ('error' in object) return String(object.error);
  }
  return null;
};

const isBlank = (cells: readonly CellValue[]) =>
  cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));

/** Header row + data rows from raw rows (row numbers as the user sees them), with the checks of both. */
const toSheet = (raw: Iterable<SheetRow>): ImportSheet => {
  let header: SheetRow | null = null;
  let sawAny = false;
  const rows: SheetRow[] = [];
  for (const entry of raw) {
    if (isBlank(entry.cells)) continue;
    sawAny = true;
    if (!header) {
      if (entry.row !== 1) throw refuse(BAD_FILE.noHeader);
      header = entry;
      continue;
    }
    if (rows.length >= IMPORT_ROWS_MAX) throw refuse(BAD_FILE.tooManyRows);
    rows.push(entry);
  }
  if (!sawAny || !header) throw refuse(BAD_FILE.empty);
  return finish(header, rows);
};

const finish = (header: SheetRow, rows: SheetRow[]): ImportSheet => {
  if (header.cells.length > COLUMNS_MAX) throw refuse(BAD_FILE.tooManyColumns);
  const headers = header.cells.map((cell) =>
    cell === null ? '' : String(cell instanceof Date ? '' : cell).trim(),
  );
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  if (headers.length === 0) throw refuse(BAD_FILE.noHeader);
  const seen = new Map<string, number>();
  for (const [index, name] of headers.entries()) {
    if (!name) continue;
    const earlier = seen.get(name);
    if (earlier !== undefined)
      throw refuse(
        `表头「${name.slice(0, 30)}」重复（第 ${columnLetter(earlier)} 列和第 ${columnLetter(index)} 列），请改为不同的列名`,
      );
    seen.set(name, index);
  }
  if (rows.length === 0) throw refuse(BAD_FILE.noRows);
  return { headers, rows };
};

/** The parts of exceljs's streaming reader this module drives itself (exceljs 4.4; see readXlsx). */
type ReaderInternals = {
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels: (entry: Readable) => Promise<void>;
  _parseWorkbook: (entry: Readable) => Promise<void>;
  _parseSharedStrings: (entry: Readable) => AsyncGenerator<unknown>;
  _parseStyles: (entry: Readable) => Promise<void>;
  _parseWorksheet: (
    iterator: AsyncIterable<string>,
    sheetNo: string,
  ) => Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
};

/**
 * The first sheet of an .xlsx, row by row (no workbook model is built). exceljs's streaming reader
 * parses each part, but its own unzipping decodes every inflated chunk separately, so a Chinese
 * character split between chunks came out garbled (公告 → 公���, seen at 10,000 rows). So this
 * walks the zip itself (zip-check.ts: checked first, then each part inflated and decoded as one
 * text) and hands exceljs's part readers those texts, in the order they need: relationships,
 * workbook, shared strings and styles before the sheet (no temp files, whatever the zip's order).
 */
const readXlsx = async (bytes: Buffer): Promise<ImportSheet> => {
  const verdict = await checkXlsxZip(bytes);
  if (!verdict.ok) throw refuse(BAD_FILE[verdict.reason]);
  const byName = new Map(verdict.entries.map((entry) => [entry.name, entry]));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as ReaderInternals;
  const text = (name: string) => {
    const entry = byName.get(name);
    return entry ? Readable.from(entryText(bytes, entry)) : null;
  };
  let header: SheetRow | null = null;
  const rows: SheetRow[] = [];
  try {
    const rels = text('xl/_rels/workbook.xml.rels');
    if (rels) await reader._parseRels(rels);
    const book = text('xl/workbook.xml');
    if (book) await reader._parseWorkbook(book);
    const shared = text('xl/sharedStrings.xml');
    if (shared) for await (const _ of reader._parseSharedStrings(shared));
    const styles = text('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);
    // The first sheet in the workbook's order (its relationship's target), else the lowest numbered.
    const firstId = reader.model?.sheets?.[0]?.rId;
    const target = reader.workbookRels?.find((rel) => rel.Id === firstId)?.Target ?? '';
    const numbers = [...byName.keys()]
      .map((name) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1])
      .filter((number): number is string => number !== undefined)
      .sort((a, b) => Number(a) - Number(b));
    const sheetNo = /sheet(\d+)\.xml$/.exec(target)?.[1] ?? numbers[0];
    const sheetEntry = sheetNo === undefined ? undefined : byName.get(`xl/worksheets/sheet${sheetNo}.xml`);
    if (!sheetNo || !sheetEntry) throw refuse(BAD_FILE.empty);
    const [event] = [...reader._parseWorksheet(entryText(bytes, sheetEntry), sheetNo)];
    for await (const row of event.value) {
      const values = (row.values as unknown[]).slice(1, COLUMNS_MAX + 2);
      const cells = Array.from({ length: values.length }, (_, index) => cellOf(values[index]));
      if (isBlank(cells)) continue;
      if (!header) {
        if (row.number !== 1) throw refuse(BAD_FILE.noHeader);
        header = { row: 1, cells };
        continue;
      }
      if (rows.length >= IMPORT_ROWS_MAX) throw refuse(BAD_FILE.tooManyRows);
      rows.push({ row: row.number, cells });
    }
  } catch (error) {
    if (error instanceof AppError) throw error.message === 'bomb' ? refuse(BAD_FILE.bomb) : error;
    throw refuse(BAD_FILE.broken);
  }
  if (!header) throw refuse(BAD_FILE.empty);
  return finish(header, rows);
};

/** A .csv (UTF-8 with or without BOM, or GB18030): each record is a row, as Excel numbers them. */
const readCsv = (bytes: Buffer): ImportSheet => {
  const text = decodeCsv(bytes);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  return toSheet(
    (function* rows() {
      for (const [index, cells] of parsed.data.entries()) {
        if (index > IMPORT_ROWS_MAX + 1) throw refuse(BAD_FILE.tooManyRows);
        yield { row: index + 1, cells: cells.slice(0, COLUMNS_MAX + 1) };
      }
    })(),
  );
};

const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * Reads an import file by its name and its content: .csv as text; .xlsx only when the bytes are a
 * zip (an encrypted .xlsx is an OLE file holding an EncryptedPackage, an .xls an OLE file without
 * one; anything else renamed is refused), then checked for a zip bomb and read.
 */
export const readImportFile = async ({ name, bytes }: { name: string; bytes: Buffer }) => {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return readCsv(bytes);
  const isOle = bytes.subarray(0, 8).equals(CFB);
  if (lower.endsWith('.xls') && !lower.endsWith('.xlsx')) throw refuse(BAD_FILE.xls);
  if (!lower.endsWith('.xlsx')) throw refuse(BAD_FILE.type);
  if (isOle) throw refuse(bytes.includes(ENCRYPTED_PACKAGE) ? BAD_FILE.encrypted : BAD_FILE.xls);
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw refuse(BAD_FILE.renamed);
  return readXlsx(bytes);
};
