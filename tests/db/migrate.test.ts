import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { applyMigrations, readMigrations } from '@/lib/db/migrate';
import type { MigrationRunner } from '@/lib/db/sql-runner';
import { getDb } from '@/lib/db/client';
import { isPostgresRun } from '../helpers/db-kind';

const writeMigrations = (files: Record<string, string>) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-mig-'));
  for (const [name, sql] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
};

// The cases below migrate toy folders on one connection of the file's own kind: a PGlite of their
// own in the PGlite run (started once: a WASM PostgreSQL costs seconds, tens of seconds on a busy
// machine), the file's own database on the PostgreSQL run. Each case works in a schema of its own
// (search_path), so `_prisma_migrations` and its tables start empty in every case.
type Connection = { runner: MigrationRunner; close: () => Promise<void> };
const connect = async (): Promise<Connection> => {
  if (isPostgresRun) {
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    // tests/helpers/db-lifecycle.ts may drop the file's database (WITH FORCE) before afterAll below
    // closes this connection: the terminated connection's error is expected then.
    client.on('error', () => undefined);
    return {
      runner: {
        query: async (sql, params) => (await client.query(sql, params)).rows,
        exec: async (sql) => void (await client.query(sql)),
      },
      close: () => client.end(),
    };
  }
  const pglite = await PGlite.create();
  return {
    runner: {
      query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
      exec: async (sql) => {
        await pglite.exec(sql);
      },
    },
    close: () => pglite.close(),
  };
};
let connection: Connection;
let schemas = 0;
/** A runner in a new, empty schema. */
const freshRunner = async () => {
  schemas += 1;
  await connection.runner.exec(`CREATE SCHEMA case_${schemas}; SET search_path TO case_${schemas}`);
  return connection.runner;
};
const tablesOf = async (runner: MigrationRunner) =>
  (
    await runner.query<{ name: string }>(
      'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1',
    )
  ).map((row) => row.name);

// A bound, not a timing: starting a PGlite passed 30 s under a parallel build.
jest.setTimeout(120_000);
beforeAll(async () => {
  connection = await connect();
});
afterAll(async () => {
  await connection?.close();
});

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
    const runner = await freshRunner();
    const dir = writeMigrations({ '001_a': 'CREATE TABLE a (id int);' });
    expect(await applyMigrations({ runner, dir })).toEqual({ applied: ['001_a'] });
    expect(await applyMigrations({ runner, dir })).toEqual({ applied: [] });
    fs.mkdirSync(path.join(dir, '002_b'));
    fs.writeFileSync(path.join(dir, '002_b', 'migration.sql'), 'CREATE TABLE b (id int);');
    expect(await applyMigrations({ runner, dir })).toEqual({ applied: ['002_b'] });
    expect(await tablesOf(runner)).toEqual(['_prisma_migrations', 'a', 'b']);
  });

  it('rolls a failing migration back whole and reports it', async () => {
    const runner = await freshRunner();
    const dir = writeMigrations({
      '001_ok': 'CREATE TABLE ok (id int);',
      '002_bad': 'CREATE TABLE half (id int);\nSELECT * FROM missing_table;',
    });
    await expect(applyMigrations({ runner, dir })).rejects.toThrow(/迁移 002_bad 执行失败/);
    const tables = await tablesOf(runner);
    expect(tables).toContain('ok');
    expect(tables).not.toContain('half');
    const recorded = await runner.query<{ migration_name: string }>(
      'SELECT migration_name FROM "_prisma_migrations"',
    );
    expect(recorded.map((r) => r.migration_name)).toEqual(['001_ok']);
  });

  it('refuses to go on when an applied migration file was edited', async () => {
    const runner = await freshRunner();
    const dir = writeMigrations({ '001_a': 'CREATE TABLE a (id int);' });
    await applyMigrations({ runner, dir });
    fs.writeFileSync(path.join(dir, '001_a', 'migration.sql'), 'CREATE TABLE a (id bigint);');
    await expect(applyMigrations({ runner, dir })).rejects.toThrow(/校验和不一致/);
  });

  it('stops at `upTo`, and inside a caller’s transaction is undone with it (what a restore relies on)', async () => {
    const runner = await freshRunner();
    const dir = writeMigrations({
      '001_a': 'CREATE TABLE a (id int);',
      '002_b': 'CREATE TABLE b (id int);',
      '003_c': 'CREATE TABLE c (id int);',
    });
    await runner.exec('BEGIN');
    expect(await applyMigrations({ runner, dir, upTo: '002_b', isInTransaction: true })).toEqual({
      applied: ['001_a', '002_b'],
    });
    expect(await applyMigrations({ runner, dir, isInTransaction: true })).toEqual({ applied: ['003_c'] });
    await runner.exec('ROLLBACK');
    expect(await tablesOf(runner)).toEqual([]);
    expect(await applyMigrations({ runner, dir, upTo: '001_a' })).toEqual({ applied: ['001_a'] });
    expect(await tablesOf(runner)).toEqual(['_prisma_migrations', 'a']);
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
