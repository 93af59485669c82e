import 'server-only';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import type { CellValue } from './convert-cell';

// A file being read by import_news (read-file.ts reads .xlsx and .csv): the header from its first
// row, then its rows as they are asked for, with the checks and refusals every format shares.

/** The largest file import_news takes (checked while it streams in) and the most data rows. */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_ROWS_MAX = 50_000;
/** Columns of a sheet read at most. */
export const COLUMNS_MAX = 200;

export type SheetRow = { row: number; cells: CellValue[] };
/**
 * A file being read: its header, then its data rows one at a time (never all of them at once),
 * and about how many there are (for the progress; the rows read are what counts).
 */
export type ImportSheet = {
  headers: string[];
  rows: AsyncGenerator<SheetRow>;
  estimate: number;
  /** Stops the reading (a refusal before the last row); nothing happens once all are read. */
  close: () => Promise<void>;
};

export const refuse = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

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

export const isBlank = (cells: readonly CellValue[]) =>
  cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));

/** The header row's names (trimmed, trailing blanks dropped), checked: present, not too many, no repeats. */
const headersOf = (header: SheetRow): string[] => {
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
  return headers;
};

/**
 * The header from the first non-blank row (it must be row 1), then the data rows as they are read,
 * blank ones skipped: refused past IMPORT_ROWS_MAX (when the reader reaches it) and, at the end,
 * when there was none.
 */
export const openSheet = async (raw: AsyncGenerator<SheetRow>, estimate: number): Promise<ImportSheet> => {
  const next = async () => {
    for (;;) {
      const step = await raw.next();
      if (step.done || !isBlank(step.value.cells)) return step.done ? null : step.value;
    }
  };
  const header = await next();
  if (!header) throw refuse(BAD_FILE.empty);
  if (header.row !== 1) {
    await raw.return(undefined);
    throw refuse(BAD_FILE.noHeader);
  }
  const headers = headersOf(header);
  async function* rows() {
    let count = 0;
    try {
      for (let entry = await next(); entry; entry = await next()) {
        if (count >= IMPORT_ROWS_MAX) throw refuse(BAD_FILE.tooManyRows);
        count += 1;
        yield entry;
      }
    } finally {
      await raw.return(undefined);
    }
    if (count === 0) throw refuse(BAD_FILE.noRows);
  }
  const reading = rows();
  const close = async () => {
    await reading.return(undefined);
    await raw.return(undefined);
  };
  return { headers, rows: reading, estimate: Math.min(estimate, IMPORT_ROWS_MAX), close };
};
