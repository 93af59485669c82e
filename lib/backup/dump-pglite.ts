import 'server-only';
import fs from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '@/lib/db/private-files';
import { dataEntry, DUMP_ENTRY, type TableDump } from './archive-format';
import { quoteIdent } from './copy-text';
import { DumpScanner } from './dump-scanner';
import type { DatabaseDump } from './dump-types';
import { openPgliteDir } from './pglite-dir';
import type { Reporter } from './reporter';

const countLines = (bytes: Uint8Array) => {
  let lines = 0;
  for (const byte of bytes) if (byte === 0x0a) lines += 1;
  return lines;
};

/**
 * Dumps the embedded database: @electric-sql/pglite-tools' pg_dump (a WebAssembly build of
 * PostgreSQL's own) writes database.sql, and each table's rows are copied out in COPY text format
 * (pglite-tools always dumps rows as INSERT statements, which a restore would have to parse).
 * Nothing else has the folder open (openPgliteDir), so both read the same state.
 */
export const dumpPglite = async ({
  dir,
  workDir,
  report,
}: {
  dir: string;
  workDir: string;
  report: Reporter;
}): Promise<DatabaseDump> => {
  const { pglite, close } = await openPgliteDir({ dir, command: '备份', mustExist: true });
  try {
    const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
    const sql = await (await pgDump({ pg: pglite })).text();
    await writeFile(path.join(workDir, DUMP_ENTRY), sql, { mode: PRIVATE_FILE_MODE });
    const { rows: info } = await pglite.query<{ schema: string; version: string }>(
      'SELECT current_schema() AS schema, current_setting($1) AS version',
      ['server_version'],
    );
    const scanner = new DumpScanner(info[0].schema);
    for (const line of sql.split('\n')) scanner.scan(line);
    report.info(`pg_dump（pglite-tools）完成：${(sql.length / 1024).toFixed(0)} KB`);

    const { rows: relations } = await pglite.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class
        WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p') ORDER BY relname`,
    );
    const tables: TableDump[] = [];
    fs.mkdirSync(path.join(workDir, 'data'), { recursive: true, mode: PRIVATE_DIR_MODE });
    for (const { name } of relations) {
      const { rows: columnRows } = await pglite.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute
          WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
        [quoteIdent(name)],
      );
      const columns = columnRows.map((row) => row.name);
      const copied = await pglite.query(
        `COPY ${quoteIdent(name)} (${columns.map(quoteIdent).join(', ')}) TO '/dev/blob'`,
      );
      const bytes = new Uint8Array(await (copied.blob ?? new Blob([])).arrayBuffer());
      await writeFile(path.join(workDir, dataEntry(name)), bytes, { mode: PRIVATE_FILE_MODE });
      tables.push({ name, columns, rows: countLines(bytes) });
      report.info(`${name}：${countLines(bytes).toLocaleString('en-US')} 行`);
    }
    return {
      kind: 'pglite',
      serverVersion: info[0].version,
      dumpedBy: `@electric-sql/pglite-tools pg_dump ${scanner.pgDumpVersion}`,
      tables,
      sequences: scanner.sequences,
    };
  } finally {
    await close();
  }
};
