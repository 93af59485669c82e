import 'server-only';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from '@/lib/http/app-error';
import type { CellValue } from './convert-cell';
import {
  BAD_FILE,
  COLUMNS_MAX,
  isBlank,
  openSheet,
  refuse,
  IMPORT_ROWS_MAX,
  type ImportSheet,
  type SheetRow,
} from './open-sheet';
import { checkXlsxZip, countRowTags, entryText, type ZipEntry } from './zip-check';

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

/** Where the first sheet of an .xlsx is among its parts (by the workbook's order, else the lowest numbered). */
const firstSheetNo = (reader: ReaderInternals, names: Iterable<string>) => {
  const firstId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === firstId)?.Target ?? '';
  const numbers = [...names]
    .map((name) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1])
    .filter((number): number is string => number !== undefined)
    .sort((a, b) => Number(a) - Number(b));
  return /sheet(\d+)\.xml$/.exec(target)?.[1] ?? numbers[0];
};

/**
 * The first sheet of an .xlsx, row by row (no workbook model is built, and no more rows held than
 * the one read). exceljs's streaming reader
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
  const failed = (error: unknown) => {
    if (error instanceof AppError) return error.message === 'bomb' ? refuse(BAD_FILE.bomb) : error;
    return refuse(BAD_FILE.broken);
  };
  let sheetEntry: ZipEntry | undefined;
  let sheetNo: string | undefined;
  try {
    const rels = text('xl/_rels/workbook.xml.rels');
    if (rels) await reader._parseRels(rels);
    const book = text('xl/workbook.xml');
    if (book) await reader._parseWorkbook(book);
    const shared = text('xl/sharedStrings.xml');
    if (shared) for await (const _ of reader._parseSharedStrings(shared));
    const styles = text('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);
    sheetNo = firstSheetNo(reader, byName.keys());
    sheetEntry = sheetNo === undefined ? undefined : byName.get(`xl/worksheets/sheet${sheetNo}.xml`);
  } catch (error) {
    throw failed(error);
  }
  if (!sheetNo || !sheetEntry) throw refuse(BAD_FILE.empty);
  const [event] = [...reader._parseWorksheet(entryText(bytes, sheetEntry), sheetNo)];
  async function* raw(): AsyncGenerator<SheetRow> {
    try {
      for await (const row of event.value) {
        const values = (row.values as unknown[]).slice(1, COLUMNS_MAX + 2);
        yield {
          row: row.number,
          cells: Array.from({ length: values.length }, (_, index) => cellOf(values[index])),
        };
      }
    } catch (error) {
      throw failed(error);
    }
  }
  // Less one for the header; a blank row counted is skipped when read.
  const estimate = Math.max((await countRowTags(bytes, sheetEntry)) - 1, 0);
  return openSheet(raw(), estimate);
};

/** A .csv (UTF-8 with or without BOM, or GB18030): each record is a row, as Excel numbers them. */
const readCsv = (bytes: Buffer): Promise<ImportSheet> => {
  const parsed = Papa.parse<string[]>(decodeCsv(bytes), { skipEmptyLines: false });
  const records = parsed.data as (string[] | null)[];
  const filled = records.reduce((count, cells) => count + (cells && !isBlank(cells) ? 1 : 0), 0);
  if (filled > IMPORT_ROWS_MAX + 1) throw refuse(BAD_FILE.tooManyRows);
  async function* raw(): AsyncGenerator<SheetRow> {
    for (const [index, cells] of records.entries()) {
      if (!cells) continue;
      // Each record let go once read.
      records[index] = null;
      yield { row: index + 1, cells: cells.slice(0, COLUMNS_MAX + 1) };
    }
  }
  return openSheet(raw(), Math.max(filled - 1, 0));
};

const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * Opens an import file by its name and its content: .csv as text; .xlsx only when the bytes are a
 * zip (an encrypted .xlsx is an OLE file holding an EncryptedPackage, an .xls an OLE file without
 * one; anything else renamed is refused), then checked for a zip bomb. Answers with the header
 * read; the rows are read as they are asked for (ImportSheet).
 */
export const openImportFile = async ({ name, bytes }: { name: string; bytes: Buffer }) => {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return readCsv(bytes);
  const isOle = bytes.subarray(0, 8).equals(CFB);
  if (lower.endsWith('.xls') && !lower.endsWith('.xlsx')) throw refuse(BAD_FILE.xls);
  if (!lower.endsWith('.xlsx')) throw refuse(BAD_FILE.type);
  if (isOle) throw refuse(bytes.includes(ENCRYPTED_PACKAGE) ? BAD_FILE.encrypted : BAD_FILE.xls);
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw refuse(BAD_FILE.renamed);
  return readXlsx(bytes);
};
