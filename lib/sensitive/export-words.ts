import 'server-only';
import Papa from 'papaparse';
import { getDb } from '@/lib/db/client';
import { SENSITIVE_LIST_LABELS, type SensitiveList } from './levels';

/** The header line of an export; import_sensitive_words skips it. */
export const EXPORT_HEADER = ['word', 'level', 'replacement', 'note'];

/**
 * export_sensitive_words: one list as the CSV import_sensitive_words reads (UTF-8 with a BOM, so
 * spreadsheet programs open it as UTF-8): a header line, then `word,level,replacement,note` a
 * line, oldest first. At most 100,000 words (the lists' limit): built in memory.
 */
export const exportSensitiveWords = async ({ list }: { list: SensitiveList }) => {
  const db = await getDb();
  const rows = await db.$queryRaw<
    { word: string; level: string | null; replacement: string; note: string }[]
  >`
    SELECT word, level, replacement, note FROM sensitive_word WHERE list = ${list} ORDER BY id`;
  const csv = Papa.unparse(
    {
      fields: EXPORT_HEADER,
      data: rows.map((row) => [row.word, row.level ?? '', row.replacement, row.note]),
    },
    // A cell starting with = + - @ is written with a leading ' (no formula when a spreadsheet opens
    // it); the import takes that ' off again.
    { newline: '\r\n', escapeFormulae: true },
  );
  const filename = `${SENSITIVE_LIST_LABELS[list]}.csv`;
  return new Response(`\ufeff${csv}\r\n`, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="sensitive-words-${list}.csv"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'Cache-Control': 'no-store',
    },
  });
};
