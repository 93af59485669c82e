import 'server-only';
import { applyMigrations, PRISMA_MIGRATE_LOCK } from '@/lib/db/migrate';
import type { MigrationRunner } from '@/lib/db/sql-runner';
import { MIGRATIONS_TABLE, type Manifest, type TableDump } from './archive-format';
import { parseCopyLine, quoteIdent } from './copy-text';
import { formatCount, type Reporter } from './reporter';

// The database side of a restore, all inside ONE transaction that the caller opens with
// prepareTarget and that only finishTarget commits: interrupted anywhere (a failure, Ctrl-C, a
// killed process, a lost connection), the database is left as it was before.

export class RefusedError extends Error {}

type ForeignKey = { table: string; name: string; definition: string };

const tablesOf = async (runner: MigrationRunner) =>
  (
    await runner.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class
        WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p') ORDER BY relname`,
    )
  ).map((row) => row.name);

/**
 * Opens the transaction, refuses a database that holds data (unless `force`), clears the schema,
 * builds it with our migrator at the archive's migration level, and sets it up for loading: no
 * foreign keys (rows may arrive in any order; they are checked again when re-added) and no user
 * triggers (news_class_stat is restored as it was, not recounted).
 */
export const prepareTarget = async ({
  runner,
  manifest,
  force,
  report,
}: {
  runner: MigrationRunner;
  manifest: Manifest;
  force: boolean;
  report: Reporter;
}) => {
  await runner.exec('BEGIN');
  // Held until commit: an app starting on this database meanwhile waits instead of migrating it.
  await runner.query('SELECT pg_advisory_xact_lock($1)', [PRISMA_MIGRATE_LOCK]);
  const existing = await tablesOf(runner);
  const withRows: string[] = [];
  for (const table of existing) {
    if (table === MIGRATIONS_TABLE) continue;
    const [{ found }] = await runner.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${quoteIdent(table)}) AS found`,
    );
    if (found) withRows.push(table);
  }
  if (withRows.length && !force)
    throw new RefusedError(
      `目标数据库已有数据（${withRows.join('、')}），没有做任何改动。恢复会删除并替换其中的全部数据：` +
        `确认无误后加 --force 重试（npm run restore -- <文件> --force）。`,
    );
  if (withRows.length) report.info(`--force：删除已有数据（${withRows.join('、')}）`);
  if (existing.length)
    await runner.exec(`DROP TABLE IF EXISTS ${existing.map(quoteIdent).join(', ')} CASCADE`);
  const functions = await runner.query<{ signature: string }>(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
      WHERE p.pronamespace = current_schema()::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`,
  );
  for (const { signature } of functions) await runner.exec(`DROP FUNCTION IF EXISTS ${signature} CASCADE`);

  const { applied } = await applyMigrations({
    runner,
    upTo: manifest.database.lastMigration,
    isInTransaction: true,
  });
  report.info(`按备份的迁移级别建表：${applied.length} 个迁移，至 ${manifest.database.lastMigration}`);

  const foreignKeys = await runner.query<ForeignKey>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype = 'f' AND connamespace = current_schema()::regnamespace`,
  );
  for (const key of foreignKeys)
    await runner.exec(`ALTER TABLE ${key.table} DROP CONSTRAINT ${quoteIdent(key.name)}`);
  const tables = await tablesOf(runner);
  for (const table of tables) await runner.exec(`ALTER TABLE ${quoteIdent(table)} DISABLE TRIGGER USER`);
  return { foreignKeys, tables };
};

const columnTypes = async ({ runner, table }: { runner: MigrationRunner; table: string }) => {
  const rows = await runner.query<{ name: string; type: string }>(
    `SELECT a.attname AS name, format('%I.%I', n.nspname, t.typname) AS type
       FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
    [quoteIdent(table)],
  );
  return new Map(rows.map((row) => [row.name, row.type]));
};

/**
 * Inserts one table's COPY text rows in multi-row INSERTs. Every value is sent as text and cast
 * through the column type's input function (without its length/precision), exactly as COPY reads
 * it; the column's own type then applies on assignment.
 */
export const loadTable = async ({
  runner,
  table,
  lines,
  rewrite,
  signal,
  onProgress,
}: {
  runner: MigrationRunner;
  table: TableDump;
  lines: AsyncIterable<string>;
  rewrite?: (line: string) => string;
  signal?: AbortSignal;
  onProgress?: (loaded: number) => void;
}) => {
  const types = await columnTypes({ runner, table: table.name });
  for (const column of table.columns)
    if (!types.has(column)) throw new Error(`备份中的列 ${table.name}.${column} 在目标数据库中不存在`);
  const casts = table.columns.map((column) => `::text::${types.get(column)}`);
  const perRow = table.columns.length;
  const batchRows = Math.max(1, Math.min(500, Math.floor(20_000 / perRow)));
  const head = `INSERT INTO ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')}) VALUES `;
  const statementFor = (rows: number) =>
    head +
    Array.from(
      { length: rows },
      (_, row) => `(${casts.map((cast, column) => `$${row * perRow + column + 1}${cast}`).join(', ')})`,
    ).join(', ');
  const fullStatement = statementFor(batchRows);
  let batch: (string | null)[] = [];
  let loaded = 0;
  const flush = async () => {
    const rows = batch.length / perRow;
    if (rows === 0) return;
    await runner.query(rows === batchRows ? fullStatement : statementFor(rows), batch);
    loaded += rows;
    batch = [];
    signal?.throwIfAborted();
    onProgress?.(loaded);
  };
  for await (const line of lines) {
    const values = parseCopyLine(rewrite ? rewrite(line) : line);
    if (values.length !== perRow) throw new Error(`表 ${table.name} 第 ${loaded + 1} 行的列数不对`);
    batch.push(...values);
    if (batch.length === batchRows * perRow) await flush();
  }
  await flush();
  return loaded;
};

/**
 * Checks every table's row count against the manifest, points upload records at the store they
 * were restored to, turns triggers back on, re-adds the foreign keys (which checks every row),
 * restores the sequence positions, applies the migrations the app has beyond the archive's, and
 * commits.
 */
export const finishTarget = async ({
  runner,
  manifest,
  foreignKeys,
  tables,
  driver,
  addressesRewritten,
  report,
}: {
  runner: MigrationRunner;
  manifest: Manifest;
  foreignKeys: ForeignKey[];
  tables: string[];
  driver: string;
  /** File addresses were rewritten for another store while loading (url-rewrite.ts). */
  addressesRewritten: boolean;
  report: Reporter;
}) => {
  for (const table of manifest.database.tables) {
    if (table.name === MIGRATIONS_TABLE) continue;
    const [{ count }] = await runner.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM ${quoteIdent(table.name)}`,
    );
    if (Number(count) !== table.rows)
      throw new Error(`表 ${table.name} 载入后有 ${count} 行，备份清单为 ${table.rows} 行：已撤销恢复`);
  }
  if (
    addressesRewritten &&
    ['news', 'news_revision', 'news_revision_text'].every((table) => tables.includes(table))
  ) {
    // A revision's texts are stored once they leave the item (migration 20261207000000): the newest
    // revision's are read from the item's row by md5. File addresses rewritten for another store
    // change that row, so its texts are stored under the newest revision's hashes, as the rewritten
    // stored texts are (a restore of an archive taken before that migration finds them all stored).
    // Without a rewrite every row still matches its hashes: no pass over news.
    const kept = await runner.query(`
      INSERT INTO news_revision_text (news_id, hash, body)
      SELECT n.id, v.hash, v.body FROM news n
      CROSS JOIN LATERAL (
        SELECT r.content_hash, r.fields_hash FROM news_revision r WHERE r.news_id = n.id ORDER BY r.rev DESC LIMIT 1
      ) AS l
      CROSS JOIN LATERAL (VALUES
        (l.content_hash, n.content, md5(n.content) <> l.content_hash),
        (l.fields_hash, n.fields::text, md5(n.fields::text) <> l.fields_hash)
      ) AS v(hash, body, moved)
      WHERE v.moved
      ON CONFLICT DO NOTHING
      RETURNING news_id`);
    if (kept.length) report.info(`${formatCount(kept.length)} 段历史版本正文随文件地址改写保存`);
  }
  if (tables.includes('uploaded_file')) {
    const moved = await runner.query('UPDATE uploaded_file SET driver = $1 WHERE driver <> $1 RETURNING id', [
      driver,
    ]);
    if (moved.length) report.info(`${formatCount(moved.length)} 条上传记录改为存储 ${driver}`);
  }
  for (const table of tables) await runner.exec(`ALTER TABLE ${quoteIdent(table)} ENABLE TRIGGER USER`);
  for (const key of foreignKeys)
    await runner.exec(`ALTER TABLE ${key.table} ADD CONSTRAINT ${quoteIdent(key.name)} ${key.definition}`);
  for (const sequence of manifest.database.sequences)
    await runner.query('SELECT setval($1::regclass, $2::bigint, $3::boolean)', [
      quoteIdent(sequence.name),
      sequence.value,
      sequence.isCalled,
    ]);
  const { applied } = await applyMigrations({ runner, isInTransaction: true });
  if (applied.length) report.info(`应用本版本新增的迁移：${applied.join('、')}`);
  await runner.exec('COMMIT');
};
