import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';

// Direct SQL on the database a crash test's server uses: to seed thousands of rows in one
// statement, to install the probe that holds a transaction open at its midpoint, and to check
// the rows after a restart. A PGlite folder is opened here only while its server is down.

export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export const withPglite = async <T>(dir: string, work: (sql: Sql) => Promise<T>) => {
  const db = await PGlite.create(dir);
  try {
    return await work(async (text, params) => (await db.query(text, params)).rows as never[]);
  } finally {
    await db.close();
  }
};

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL, dropped by `drop`. */
export const createPostgresDatabase = async (adminUrl: string) => {
  const name = `cms_crash_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  const sql: Sql = async (text, params) => (await client.query(text, params as unknown[])).rows;
  return {
    url: url.toString(),
    sql,
    drop: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
};

/** `count` items of a category in one statement; `fields` is SQL over the row number `i`. */
export const seedItems = async (
  sql: Sql,
  { classId, count, fields }: { classId: number; count: number; fields: string },
) =>
  (
    await sql<{ id: number }>(
      `INSERT INTO news (class_id, title, fields, updated_at)
       SELECT $1, '预置-' || i, ${fields}, now() FROM generate_series(1, $2) AS i RETURNING id`,
      [classId, count],
    )
  ).map((row) => row.id);

export type ProbeName = 'delete' | 'retype';

/**
 * A row trigger that, at the `at`-th row a statement touches, reports (a file in the PGlite data
 * dir, or the sequence's value that a PostgreSQL client can read mid-transaction) and then waits
 * up to 20 s (until crash_release has a row). The test kills the server during that wait: the
 * transaction has done part of its work and has not committed. Test-only; the product has none.
 */
export const installProbe = async (
  sql: Sql,
  { name, at, event, classId }: { name: ProbeName; at: number; event: 'DELETE' | 'UPDATE'; classId: number },
) => {
  const report = `EXECUTE format('COPY (SELECT 1) TO %L', '/pglite/data/crash-probe-' || TG_ARGV[1])`;
  await sql(`CREATE TABLE IF NOT EXISTS crash_release (x int)`);
  await sql(`CREATE SEQUENCE crash_probe_${name}`);
  await sql(`
    CREATE OR REPLACE FUNCTION crash_probe() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE waited int := 0;
    BEGIN
      IF nextval('crash_probe_' || TG_ARGV[1]) = TG_ARGV[0]::bigint THEN
        IF current_setting('data_directory') = '/pglite/data' THEN ${report}; END IF;
        WHILE waited < 400 AND NOT EXISTS (SELECT 1 FROM crash_release) LOOP
          PERFORM pg_sleep(0.05);
          waited := waited + 1;
        END LOOP;
      END IF;
      RETURN NULL;
    END $$`);
  const row = event === 'DELETE' ? 'OLD' : 'NEW';
  await sql(`CREATE TRIGGER crash_probe_${name} AFTER ${event} ON news FOR EACH ROW
             WHEN (${row}.class_id = ${Number(classId)}) EXECUTE FUNCTION crash_probe('${at}', '${name}')`);
};

/** Whether the probe has reached its row: the marker file (PGlite) or the sequence (PostgreSQL). */
export const probeReached = async ({
  name,
  at,
  pgliteDir,
  sql,
}: {
  name: ProbeName;
  at: number;
  pgliteDir?: string;
  sql?: Sql;
}) => {
  if (pgliteDir) return fs.existsSync(path.join(pgliteDir, `crash-probe-${name}`));
  const [row] = await (sql as Sql)<{ n: string }>(`SELECT last_value::text AS n FROM crash_probe_${name}`);
  return Number(row.n) >= at;
};

export const clearProbeMarker = ({ name, pgliteDir }: { name: ProbeName; pgliteDir: string }) =>
  fs.rmSync(path.join(pgliteDir, `crash-probe-${name}`), { force: true });

/** PostgreSQL: let a waiting probe go, then wait until the dead server's sessions are gone. */
export const releasePostgresSessions = async (sql: Sql) => {
  await sql(`INSERT INTO crash_release VALUES (1)`);
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    const [row] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    if (row.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await sql(`DELETE FROM crash_release`);
};
