import 'server-only';
import type { CellValue } from './convert-cell';

// The cells import_news keeps of some rows while it reads the rest (import-news.ts): the bad rows'
// and the updating rows' (an update can still turn bad in the commit), for the error rows' export.
// Held as UTF-8 JSON bytes off the JavaScript heap, not as arrays of strings: a string read from
// the sheet may be a slice of the text it was parsed from and keep all of it alive, and an array of
// ten cells costs several times its text in V8. 50,000 updating rows held ~57 MB as arrays
// (docs/BENCHMARKS.md → 导入). What JSON has no form for goes tagged and comes back as it was: a
// Date as {"$date": ISO} (an invalid one — exceljs makes one of a huge number in a date cell — as
// {"$date": null}), a number JSON cannot write (NaN, ±Infinity) as {"$number": "NaN"}.

type Tagged = { $date: string | null } | { $number: string };

const encodeCell = (cell: CellValue): CellValue | Tagged => {
  if (cell instanceof Date) return { $date: Number.isNaN(cell.getTime()) ? null : cell.toISOString() };
  if (typeof cell === 'number' && !Number.isFinite(cell)) return { $number: String(cell) };
  return cell;
};

const decodeCell = (cell: CellValue | Tagged): CellValue => {
  if (cell === null || typeof cell !== 'object' || cell instanceof Date) return cell;
  if ('$date' in cell) return new Date(cell.$date ?? Number.NaN);
  return Number(cell.$number);
};

export const keptCells = () => {
  const byRow = new Map<number, Buffer>();
  return {
    set: (row: number, cells: CellValue[]) =>
      void byRow.set(row, Buffer.from(JSON.stringify(cells.map(encodeCell)))),
    get: (row: number): CellValue[] | undefined => {
      const bytes = byRow.get(row);
      return bytes && (JSON.parse(bytes.toString('utf8')) as (CellValue | Tagged)[]).map(decodeCell);
    },
  };
};

export type KeptCells = ReturnType<typeof keptCells>;
