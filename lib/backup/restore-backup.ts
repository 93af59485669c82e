import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { readMigrations } from '@/lib/db/migrate';
import { configuredDriverName } from '@/lib/storage/get-storage';
import { MANIFEST_ENTRY, MIGRATIONS_TABLE, type Manifest } from './archive-format';
import { readLines } from './copy-text';
import { finishTarget, loadTable, prepareTarget } from './load-database';
import { formatBytes, formatCount, throttled, type Reporter } from './reporter';
import { storageUrlBase, writeStoredFile } from './storage-files';
import { openTargetDb } from './target-db';
import { urlRewriter } from './url-rewrite';
import { forEachEntry } from './read-archive';
import {
  checksumError,
  compareWithManifest,
  digesting,
  verifyArchive,
  type EntryDigest,
} from './verify-archive';

/** The archive's schema must be a prefix of ours: same migrations, unchanged, and none we lack. */
const checkMigrations = async (manifest: Manifest) => {
  const archived = manifest.database.migrations;
  if (archived[archived.length - 1]?.name !== manifest.database.lastMigration)
    throw new Error('备份清单中的迁移记录不一致，无法确定表结构的版本。');
  const ours = new Map((await readMigrations()).map((migration) => [migration.name, migration.checksum]));
  for (const migration of manifest.database.migrations) {
    const checksum = ours.get(migration.name);
    if (!checksum)
      throw new Error(`备份来自更新的应用版本（迁移 ${migration.name} 本版本没有）：请先升级应用再恢复。`);
    if (checksum !== migration.checksum)
      throw new Error(`备份中的迁移 ${migration.name} 与本版本的内容不同，无法按它建表。`);
  }
};

/**
 * `npm run restore -- <file> [--force]`: checks the whole archive, then loads it into the
 * configured database and store (either kind: PGlite + local and PostgreSQL + S3 in any
 * direction). The database is rebuilt in one transaction (load-database.ts); files are written
 * before it commits, so an interrupted restore leaves at most files nothing refers to yet.
 */
export const restoreBackup = async ({
  file,
  force,
  report,
  signal,
}: {
  file: string;
  force: boolean;
  report: Reporter;
  signal?: AbortSignal;
}) => {
  const started = Date.now();
  const archive = path.resolve(file);
  if (!fs.existsSync(archive)) throw new Error(`找不到备份文件 ${archive}`);
  report.phase(`1/4 校验备份文件 ${archive}`);
  const manifest = await verifyArchive({ file: archive, report });
  const { database, storage } = manifest;
  const rows = database.tables.reduce((sum, table) => sum + table.rows, 0);
  report.info(
    `${manifest.createdAt} 备份，应用 ${manifest.app.version}，${database.kind} ${database.serverVersion}，` +
      `迁移至 ${database.lastMigration}；${database.tables.length} 个表 ${formatCount(rows)} 行，` +
      `${formatCount(storage.files)} 个文件 ${formatBytes(storage.bytes)}；校验和全部一致`,
  );
  if (storage.missing.length)
    report.info(
      `注意：备份时已缺少 ${storage.missing.length} 个上传文件（uploaded_file 有记录、存储中没有）`,
    );
  await checkMigrations(manifest);
  signal?.throwIfAborted();

  const driver = configuredDriverName();
  const keys = new Set(
    manifest.entries.filter((e) => e.path.startsWith('uploads/')).map((e) => e.path.slice('uploads/'.length)),
  );
  const rewriter = urlRewriter({ from: storage.urlBase, to: storageUrlBase(), keys });
  const target = await openTargetDb();
  let filesWritten = 0;
  try {
    report.phase(`2/4 准备目标数据库：${target.description}`);
    const prepared = await prepareTarget({ runner: target.runner, manifest, force, report });
    const missingTables = database.tables.filter(
      (table) => table.name !== MIGRATIONS_TABLE && !prepared.tables.includes(table.name),
    );
    if (missingTables.length) throw new Error(`迁移后没有表 ${missingTables.map((t) => t.name).join('、')}`);

    report.phase(
      `3/4 载入数据和文件（存储：${driver}${rewriter ? `，文件地址 ${storage.urlBase} → ${storageUrlBase()}` : ''}）`,
    );
    const digests = new Map<string, EntryDigest>();
    let bytes = 0;
    const progress = throttled((done) =>
      report.info(`${formatCount(done)}/${formatCount(keys.size)} 个文件，${formatBytes(bytes)}`),
    );
    // The archive is read again and every entry hashed again: what is committed is what was checked.
    await forEachEntry({
      file: archive,
      onEntry: async ({ name, size, stream }) => {
        signal?.throwIfAborted();
        if (name === MANIFEST_ENTRY) return;
        const copy = digesting(stream);
        const table = database.tables.find((t) => `data/${t.name}.copy` === name);
        if (table && table.name !== MIGRATIONS_TABLE) {
          const loaded = await loadTable({
            runner: target.runner,
            table,
            lines: readLines(copy.stream),
            rewrite: rewriter?.rewrite,
            signal,
            onProgress: throttled(
              (loaded) => report.info(`${table.name}：${formatCount(loaded)}/${formatCount(table.rows)} 行…`),
              2000,
            ),
          });
          report.info(`${table.name}：${formatCount(loaded)} 行`);
        } else if (name.startsWith('uploads/')) {
          await writeStoredFile({ key: name.slice('uploads/'.length), body: copy.stream });
          filesWritten += 1;
          bytes += size;
          progress(filesWritten, keys.size);
        } else copy.stream.resume(); // database.sql and the migrations table: checked, not loaded
        digests.set(name, await copy.digest);
      },
    });
    const problems = compareWithManifest({ manifest, digests });
    if (problems.length) throw checksumError(problems);

    report.phase('4/4 核对行数、恢复外键和序列、提交');
    await finishTarget({
      runner: target.runner,
      manifest,
      driver,
      addressesRewritten: (rewriter?.count() ?? 0) > 0,
      report,
      ...prepared,
    });
  } catch (error) {
    await target.runner.exec('ROLLBACK').catch(() => {});
    if (filesWritten)
      report.info(`已撤销数据库的改动；已写入存储的 ${filesWritten} 个文件保留（再次恢复会覆盖）。`);
    throw error;
  } finally {
    await target.close();
  }
  if (rewriter) report.info(`改写文件地址 ${formatCount(rewriter.count())} 处`);
  report.phase(
    `恢复完成：${database.tables.length} 个表 ${formatCount(rows)} 行，${formatCount(filesWritten)} 个文件，` +
      `用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`,
  );
  return { tables: database.tables, files: filesWritten, urlsRewritten: rewriter?.count() ?? 0 };
};
