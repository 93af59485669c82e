import 'server-only';
import type { CellValue } from './convert-cell';

// The cells import_news keeps of some rows while it reads the rest (import-news.ts): the bad rows'
// and the updating rows' (an update can still turn bad in the commit), for the error rows' export.
// Held as UTF-8 JSON bytes off the JavaScript heap, not as arrays of strings: a string read from
// the sheet may be a slice of the text it was parsed from and keep all of it alive, and an array of
// ten cells costs several times its text in V8. 50,000 updating rows held ~57 MB as arrays
// (docs/BENCHMARKS.md → 导入). A Date goes as {"$date": ISO} and comes back a Date.

const DATE = '$date';

const encode = (cells: CellValue[]) =>
  Buffer.from(
    JSON.stringify(cells.map((cell) => (cell instanceof Date ? { [DATE]: cell.toISOString() } : cell))),
  );

const decode = (bytes: Buffer): CellValue[] =>
  (JSON.parse(bytes.toString('utf8')) as (CellValue | { [DATE]: string })[]).map((cell) =>
    cell !== null && typeof cell === 'object' && !(cell instanceof Date) ? new Date(cell[DATE]) : cell,
  );

export const keptCells = () => {
  const byRow = new Map<number, Buffer>();
  return {
    set: (row: number, cells: CellValue[]) => void byRow.set(row, encode(cells)),
    get: (row: number): CellValue[] | undefined => {
      const bytes = byRow.get(row);
      return bytes && decode(bytes);
    },
  };
};

export type KeptCells = ReturnType<typeof keptCells>;
