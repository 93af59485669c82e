import 'server-only';
import fs from 'node:fs';
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readDbConfig } from '@/lib/db/config';
import { PRIVATE_DIR_MODE } from '@/lib/db/private-files';
import { configuredDriverName } from '@/lib/storage/get-storage';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  dataEntry,
  DUMP_ENTRY,
  MIGRATIONS_TABLE,
  uploadEntry,
  type Manifest,
  type TableDump,
} from './archive-format';
import { ArchiveWriter } from './archive-writer';
import { parseCopyLine } from './copy-text';
import { dumpPglite } from './dump-pglite';
import { dumpPostgres } from './dump-postgres';
import { formatBytes, formatCount, throttled, type Reporter } from './reporter';
import { listStoredFiles, readStoredFile, storageUrlBase } from './storage-files';

/** The rows of a dumped table's data file as objects (small tables only: migrations, uploads). */
const readRows = async ({ workDir, table }: { workDir: string; table?: TableDump }) => {
  if (!table) return [];
  const text = await readFile(path.join(workDir, dataEntry(table.name)), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const values = parseCopyLine(line);
      return Object.fromEntries(table.columns.map((column, i) => [column, values[i]]));
    });
};

const appInfo = async () => {
  const pkg = JSON.parse(await readFile(path.join(process.cwd(), 'package.json'), 'utf8'));
  return { name: String(pkg.name), version: String(pkg.version) };
};

/**
 * `npm run backup -- <file>`: the whole database and every stored upload in one archive (see
 * archive-format.ts). Written to `<file>.partial-<pid>` and renamed when complete, so an
 * interrupted backup never leaves a file that looks like a finished one.
 */
export const createBackup = async ({
  file,
  report,
  signal,
}: {
  file: string;
  report: Reporter;
  signal?: AbortSignal;
}) => {
  const started = Date.now();
  const target = path.resolve(file);
  const partial = `${target}.partial-${process.pid}`;
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'cms-backup-'));
  if (fs.existsSync(target))
    throw new Error(`${target} 已存在：备份不会覆盖已有的文件，请换一个文件名（或先移走它）。`);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
  const db = readDbConfig();
  if (db.kind === 'pglite' && db.isMemory)
    throw new Error('内存中的嵌入式数据库无法备份（PGLITE_DIR=memory://）。');
  try {
    report.phase(
      db.kind === 'postgres'
        ? '1/3 导出数据库（PostgreSQL，pg_dump；应用可继续运行）'
        : `1/3 导出数据库（嵌入式 PGlite：${db.dir}）`,
    );
    const dump =
      db.kind === 'postgres'
        ? await dumpPostgres({ url: db.url, workDir, report })
        : await dumpPglite({ dir: db.dir, workDir, report });
    const byName = new Map(dump.tables.map((table) => [table.name, table]));
    const migrations = (await readRows({ workDir, table: byName.get(MIGRATIONS_TABLE) }))
      .filter((row) => row.finished_at !== null && row.rolled_back_at === null)
      .map((row) => ({ name: String(row.migration_name), checksum: String(row.checksum) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    if (migrations.length === 0) throw new Error('数据库尚未初始化（没有已完成的迁移），没有可备份的数据。');
    signal?.throwIfAborted();

    const driver = configuredDriverName();
    report.phase(`2/3 复制上传文件（存储：${driver}）`);
    const files = await listStoredFiles();
    const present = new Set(files.map((stored) => stored.key));
    const missing = (await readRows({ workDir, table: byName.get('uploaded_file') }))
      .map((row) => String(row.key))
      .filter((key) => !present.has(key));
    for (const key of missing) report.info(`警告：uploaded_file 记录的文件不在存储中：${key}`);

    const writer = await ArchiveWriter.create({ file: partial });
    try {
      await writer.addFile({ name: DUMP_ENTRY, file: path.join(workDir, DUMP_ENTRY) });
      for (const table of dump.tables)
        await writer.addFile({
          name: dataEntry(table.name),
          file: path.join(workDir, dataEntry(table.name)),
        });
      let bytes = 0;
      const progress = throttled((done) =>
        report.info(`${formatCount(done)}/${formatCount(files.length)} 个文件，${formatBytes(bytes)}`),
      );
      for (const [index, stored] of files.entries()) {
        signal?.throwIfAborted();
        await writer.addStream({
          name: uploadEntry(stored.key),
          size: stored.size,
          stream: await readStoredFile({ key: stored.key }),
        });
        bytes += stored.size;
        progress(index + 1, files.length);
      }
      if (files.length === 0) report.info('没有上传文件');

      report.phase('3/3 写入清单');
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        formatVersion: ARCHIVE_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        app: await appInfo(),
        database: { ...dump, migrations, lastMigration: migrations[migrations.length - 1].name },
        storage: { driver, urlBase: storageUrlBase(), files: files.length, bytes, missing },
        entries: writer.entries,
      };
      await writer.finish({ manifest });
    } catch (error) {
      await writer.abort();
      throw error;
    }
    await rename(partial, target);
    const rows = dump.tables.reduce((sum, table) => sum + table.rows, 0);
    report.phase(
      `备份完成：${target}（${formatBytes(fs.statSync(target).size)}）：${dump.tables.length} 个表 ` +
        `${formatCount(rows)} 行，${formatCount(files.length)} 个文件，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`,
    );
    return { file: target, tables: dump.tables, files: files.length, missing };
  } finally {
    await rm(partial, { force: true });
    await rm(workDir, { recursive: true, force: true });
  }
};
