import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { closeDb, getDb } from '@/lib/db/client';

import { isPostgresRun as isPostgres } from './db-kind';

const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `cms_test_${randomBytes(6).toString('hex')}`;

const withAdmin = async (sql: string) => {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

// Each test file runs on a database of its own, created here and dropped afterwards.
beforeAll(async () => {
  if (isPostgres) {
    await withAdmin(`CREATE DATABASE "${dbName}"`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    process.env.DATABASE_URL = '';
    process.env.PGLITE_DIR = 'memory://';
    // A migrated snapshot made once per run (pglite-global-setup.ts); migrations still run on it.
    process.env.PGLITE_LOAD_DUMP = process.env.PGLITE_TEST_DUMP ?? '';
  }
  await getDb();
  // Opening PGlite from the snapshot takes ~1 s on a quiet machine; on a busy one (both jest
  // workers and other processes on two cores) it has taken over 30 s, which is not a failure.
}, 120_000);

afterAll(async () => {
  await closeDb();
  if (isPostgres) await withAdmin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
});
