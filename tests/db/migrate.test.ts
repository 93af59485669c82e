import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { applyMigrations, readMigrations } from '@/lib/db/migrate';
import type { MigrationRunner } from '@/lib/db/sql-runner';
import { getDb } from '@/lib/db/client';
import { isPostgresRun } from '../helpers/db-kind';

const pgliteRunner = (pglite: PGlite): MigrationRunner => ({
  query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
  exec: async (sql) => {
    await pglite.exec(sql);
  },
});

const writeMigrations = (files: Record<string, string>) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-mig-'));
  for (const [name, sql] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
};

// Each case starts an in-memory PGlite of its own (a WASM PostgreSQL: seconds, more on a busy
// machine — 30 s was passed under a parallel build): a bound, not a timing.
jest.setTimeout(120_000);

describe('the migrator', () => {
  it('records every migration in _prisma_migrations with Prisma’s columns and checksum', async () => {
    const db = await getDb();
    const rows = await db.$queryRawUnsafe<
      { migration_name: string; checksum: string; finished_at: Date; applied_steps_count: number }[]
    >(
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
    );
    const files = await readMigrations();
    expect(rows.map((row) => row.migration_name)).toEqual(files.map((file) => file.name));
    expect(rows.map((row) => row.checksum)).toEqual(files.map((file) => file.checksum));
    expect(rows.every((row) => row.finished_at instanceof Date && row.applied_steps_count === 1)).toBe(true);
  });

  it('applies only what is pending, and nothing twice', async () => {
    const pglite = await PGlite.create();
    const dir = writeMigrations({ '001_a': 'CREATE TABLE a (id int);' });
    expect(await applyMigrations({ runner: pgliteRunner(pglite), dir })).toEqual({ applied: ['001_a'] });
    expect(await applyMigrations({ runner: pgliteRunner(pglite), dir })).toEqual({ applied: [] });
    fs.mkdirSync(path.join(dir, '002_b'));
    fs.writeFileSync(path.join(dir, '002_b', 'migration.sql'), 'CREATE TABLE b (id int);');
    expect(await applyMigrations({ runner: pgliteRunner(pglite), dir })).toEqual({ applied: ['002_b'] });
    await pglite.close();
  });

  it('rolls a failing migration back whole and reports it', async () => {
    const pglite = await PGlite.create();
    const dir = writeMigrations({
      '001_ok': 'CREATE TABLE ok (id int);',
      '002_bad': 'CREATE TABLE half (id int);\nSELECT * FROM missing_table;',
    });
    await expect(applyMigrations({ runner: pgliteRunner(pglite), dir })).rejects.toThrow(
      /迁移 002_bad 执行失败/,
    );
    const tables = (
      await pglite.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    ).rows.map((r) => r.tablename);
    expect(tables).toContain('ok');
    expect(tables).not.toContain('half');
    const recorded = (
      await pglite.query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations"')
    ).rows;
    expect(recorded.map((r) => r.migration_name)).toEqual(['001_ok']);
    await pglite.close();
  });

  it('refuses to go on when an applied migration file was edited', async () => {
    const pglite = await PGlite.create();
    const dir = writeMigrations({ '001_a': 'CREATE TABLE a (id int);' });
    await applyMigrations({ runner: pgliteRunner(pglite), dir });
    fs.writeFileSync(path.join(dir, '001_a', 'migration.sql'), 'CREATE TABLE a (id bigint);');
    await expect(applyMigrations({ runner: pgliteRunner(pglite), dir })).rejects.toThrow(/校验和不一致/);
    await pglite.close();
  });

  it('stops at `upTo`, and inside a caller’s transaction is undone with it (what a restore relies on)', async () => {
    const pglite = await PGlite.create();
    const runner = pgliteRunner(pglite);
    const dir = writeMigrations({
      '001_a': 'CREATE TABLE a (id int);',
      '002_b': 'CREATE TABLE b (id int);',
      '003_c': 'CREATE TABLE c (id int);',
    });
    const tables = async () =>
      (
        await pglite.query<{ name: string }>(
          "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
        )
      ).rows.map((row) => row.name);
    await pglite.exec('BEGIN');
    expect(await applyMigrations({ runner, dir, upTo: '002_b', isInTransaction: true })).toEqual({
      applied: ['001_a', '002_b'],
    });
    expect(await applyMigrations({ runner, dir, isInTransaction: true })).toEqual({ applied: ['003_c'] });
    await pglite.exec('ROLLBACK');
    expect(await tables()).toEqual([]);
    expect(await applyMigrations({ runner, dir, upTo: '001_a' })).toEqual({ applied: ['001_a'] });
    expect(await tables()).toEqual(['_prisma_migrations', 'a']);
    await pglite.close();
  });

  // Only the PostgreSQL run has several connections to race; PGlite has one owner (see pglite-lock).
  if (isPostgresRun)
    it('lets several processes migrate one PostgreSQL database at once (advisory lock)', async () => {
      const postgresUrl = process.env.DATABASE_URL;
      const dir = writeMigrations({
        '001_a': 'CREATE TABLE concurrent_a (id int);',
        '002_b': 'CREATE TABLE concurrent_b (id int);',
      });
      const clients = await Promise.all(
        [1, 2, 3, 4].map(async () => {
          const client = new Client({ connectionString: postgresUrl });
          await client.connect();
          return client;
        }),
      );
      // Each "process" gets its own schema search path so this test does not touch the app tables.
      await clients[0].query('CREATE SCHEMA IF NOT EXISTS concurrency');
      for (const client of clients) await client.query('SET search_path TO concurrency');
      const results = await Promise.all(
        clients.map((client) =>
          applyMigrations({
            dir,
            runner: {
              query: async (sql, params) => (await client.query(sql, params)).rows,
              exec: async (sql) => void (await client.query(sql)),
            },
          }),
        ),
      );
      expect(results.flatMap((result) => result.applied).sort()).toEqual(['001_a', '002_b']);
      await Promise.all(clients.map((client) => client.end()));
    });
});
