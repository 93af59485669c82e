import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MigrationRunner } from './sql-runner';

// Prisma's own advisory-lock key, so `prisma migrate deploy` and this migrator exclude each other.
export const PRISMA_MIGRATE_LOCK = 72707369;

const migrationsDir = () => path.join(/*turbopackIgnore: true*/ process.cwd(), 'prisma', 'migrations');

type Migration = { name: string; sql: string; checksum: string };

export const readMigrations = async ({ dir = migrationsDir() }: { dir?: string } = {}) => {
  const entries = await readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrations: Migration[] = [];
  for (const name of names) {
    const sql = await readFile(/*turbopackIgnore: true*/ path.join(dir, name, 'migration.sql'), 'utf8');
    migrations.push({ name, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return migrations;
};

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

type ApplyOptions = {
  runner: MigrationRunner;
  dir?: string;
  /** Stop after this migration (a restore builds the schema at its archive's level first). */
  upTo?: string;
  /**
   * The caller has a transaction open (a restore): run inside it, and hold the advisory lock
   * until that transaction ends instead of one transaction per migration.
   */
  isInTransaction?: boolean;
  /** Told the pending migrations' names once, before the first is applied (not when none is). */
  onPending?: (names: string[]) => void;
};

/**
 * Applies pending migrations, one transaction each, recorded in Prisma's `_prisma_migrations`.
 * The whole run holds Prisma's advisory lock so concurrent starters wait instead of colliding.
 * `runner` must be a single connection (the lock is per session).
 */
export const applyMigrations = async ({
  runner,
  dir,
  upTo,
  isInTransaction = false,
  onPending,
}: ApplyOptions) => {
  const migrations = (await readMigrations({ dir })).filter((m) => upTo === undefined || m.name <= upTo);
  const applied: string[] = [];
  const begin = isInTransaction ? 'SAVEPOINT cms_migration' : 'BEGIN';
  const commit = isInTransaction ? 'RELEASE SAVEPOINT cms_migration' : 'COMMIT';
  const rollback = isInTransaction ? 'ROLLBACK TO SAVEPOINT cms_migration' : 'ROLLBACK';
  await runner.query(isInTransaction ? 'SELECT pg_advisory_xact_lock($1)' : 'SELECT pg_advisory_lock($1)', [
    PRISMA_MIGRATE_LOCK,
  ]);
  try {
    await runner.exec(CREATE_TABLE);
    const done = await runner.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const doneByName = new Map(done.map((row) => [row.migration_name, row.checksum]));
    const pending = migrations.filter((migration) => !doneByName.has(migration.name));
    if (pending.length > 0) onPending?.(pending.map((migration) => migration.name));
    for (const migration of migrations) {
      const known = doneByName.get(migration.name);
      if (known) {
        if (known !== migration.checksum) {
          throw new Error(`迁移 ${migration.name} 在应用后被修改过（校验和不一致），请恢复该文件。`);
        }
        continue;
      }
      await runner.exec(begin);
      try {
        await runner.exec(migration.sql);
        await runner.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await runner.exec(commit);
      } catch (error) {
        await runner.exec(rollback);
        throw new Error(`迁移 ${migration.name} 执行失败：${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
  } finally {
    if (!isInTransaction) await runner.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]);
  }
  return { applied };
};
