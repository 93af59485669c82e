import 'server-only';
import { cellText, type CellValue } from './convert-cell';
import type { KeptCells } from './kept-cells';
import type { ImportMapping } from './mapping';
import { columnLetter, type SheetRow } from './open-sheet';
import type { Plan, RowError } from './plan';
import type { previewOf } from './preview';
import type { ImportTarget } from './targets';

// import_news's answer (import-news.ts) and the bad rows its error export writes, from what the
// planning kept of the rows (counts, samples, the first previews, errors, the bad rows' cells).

export type ImportMode = 'dry_run' | 'commit';
export type OnError = 'all' | 'skip';

export type ImportAnswer = {
  mode: ImportMode;
  committed: boolean;
  file_name: string;
  file_hash: string;
  total: number;
  valid: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  key: string;
  mapping: ImportMapping;
  columns: { column: string; header: string; field: string; samples: string[] }[];
  targets: { key: string; title: string; type: string; required: boolean }[];
  repeat_of: { imported_at: number; username: string } | null;
  errors: RowError[];
  errors_total: number;
  preview: Record<string, unknown>[];
};

/** What the error export needs: the header row and each bad row's cells with its messages. */
export type BadRows = { headers: string[]; rows: { row: number; cells: CellValue[]; message: string }[] };

export const ERRORS_ANSWERED_MAX = 1000;
export const PREVIEW_ROWS = 20;
/**
 * The answer (`written`: the commit wrote; `late`: rows that turned bad in the commit, by what they
 * were planned as) and the bad rows (`extra`: the late ones' messages).
 */
export const answerOf = ({
  mode,
  fileName,
  hash,
  headers,
  samples,
  total,
  counts,
  errors,
  badRows,
  kept,
  previews,
  keyName,
  mapping,
  targets,
  repeat,
}: {
  mode: ImportMode;
  fileName: string;
  hash: string;
  headers: string[];
  samples: SheetRow[];
  total: number;
  counts: Record<Plan['action'], number>;
  errors: RowError[];
  badRows: Map<number, string[]>;
  kept: KeptCells;
  previews: { row: number; preview: ReturnType<typeof previewOf> }[];
  keyName: string;
  mapping: ImportMapping;
  targets: ImportTarget[];
  repeat: ImportAnswer['repeat_of'];
}) => {
  const columnsAnswer = headers.flatMap((header, index) =>
    header
      ? [
          {
            column: columnLetter(index),
            header,
            field: mapping[header] ?? '',
            samples: samples.map((entry) => cellText(entry.cells[index] ?? null).slice(0, 100)),
          },
        ]
      : [],
  );

  const answer = (
    written: boolean,
    late: { row: number; action: Plan['action'] }[] = [],
    lateErrors: RowError[] = [],
  ): ImportAnswer => {
    const allErrors = [...errors, ...lateErrors].sort((a, b) => a.row - b.row);
    const lateOf = (action: Plan['action']) => late.filter((entry) => entry.action === action).length;
    const count = (action: Plan['action']) => counts[action] - lateOf(action);
    const bad = new Set(allErrors.map((error) => error.row));
    const shows = written || mode === 'dry_run';
    return {
      mode,
      committed: written,
      file_name: fileName,
      file_hash: hash,
      total,
      valid: count('create') + count('update') + count('unchanged'),
      created: shows ? count('create') : 0,
      updated: shows ? count('update') : 0,
      unchanged: shows ? count('unchanged') : 0,
      skipped: bad.size,
      key: keyName,
      mapping,
      columns: columnsAnswer,
      targets: targets.map((target) => ({
        key: target.key,
        title: target.title,
        type:
          target.kind === 'id' ? 'id' : target.kind === 'lock' ? 'switch' : (target.field?.type ?? 'string'),
        required: target.key === 'title' || Boolean(target.kind === 'field' && target.field.ismust),
      })),
      repeat_of: repeat,
      errors: allErrors.slice(0, ERRORS_ANSWERED_MAX),
      errors_total: allErrors.length,
      preview: previews
        .filter((entry) => !bad.has(entry.row))
        .slice(0, PREVIEW_ROWS)
        .map((entry) => entry.preview),
    };
  };
  const bad = (extra: Map<number, string> = new Map()): BadRows => {
    const messages = new Map([...badRows].map(([row, list]) => [row, list.join('；')]));
    for (const [row, message] of extra) messages.set(row, message);
    return {
      headers: headers,
      rows: [...messages]
        .sort(([a], [b]) => a - b)
        .map(([row, message]) => ({ row, cells: kept.get(row) ?? [], message })),
    };
  };

  return { answer, bad };
};
