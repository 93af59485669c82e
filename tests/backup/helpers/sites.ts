import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { closeDb, getDb } from '@/lib/db/client';
import { forgetSystemSettings } from '@/lib/settings/system-settings';
import { STORAGE_ENV_NAMES, localStore, s3Store, type TestStore } from '../../helpers/test-store';
import { sha256 } from '../../storage/helpers/fixtures';
import type { TestS3 } from '../../storage/helpers/s3-server';

// A "site" is one database plus one store, selected through the environment exactly as the app
// and the backup commands read it. Switching closes the app's database first: an embedded folder
// must never be open twice (a restore opens it itself).

export type Site = { name: string; env: Record<string, string>; store?: TestStore };

const ENV_NAMES = ['DATABASE_URL', 'PGLITE_DIR', 'PGLITE_LOAD_DUMP', ...STORAGE_ENV_NAMES];
const saved = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));
const temps: string[] = [];

export const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};

/** An embedded database folder, started from the run's migrated snapshot when there is one. */
export const pgliteSite = async ({ name, s3 }: { name: string; s3?: TestS3 }): Promise<Site> => {
  const root = await tempDir(`cms-site-${name}-`);
  const dir = path.join(root, 'pglite');
  const snapshot = process.env.PGLITE_TEST_DUMP;
  if (snapshot && fs.existsSync(snapshot)) {
    const pglite = await PGlite.create(dir, { loadDataDir: new Blob([fs.readFileSync(snapshot)]) });
    await pglite.close();
  }
  const store = s3 ? s3Store(s3) : localStore(path.join(root, 'uploads'));
  return {
    name,
    env: { DATABASE_URL: '', PGLITE_DIR: dir, PGLITE_LOAD_DUMP: '', UPLOAD_PUBLIC_URL: '', ...store.env },
    store,
  };
};

export const postgresSite = async ({ name, url, s3 }: { name: string; url: string; s3: TestS3 }) => {
  const store = s3Store(s3);
  return { name, env: { DATABASE_URL: url, ...store.env }, store };
};

export const useSite = async (site: Site) => {
  await closeDb();
  forgetSystemSettings();
  Object.assign(process.env, site.env);
};

export const restoreEnv = async () => {
  await closeDb();
  for (const name of ENV_NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
};

/**
 * Every row of every table of the app's current database (but the migrator's own), as jsonb text
 * in UTC, sorted: equal snapshots mean equal data, whichever server holds it.
 */
export const snapshot = async () => {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL TimeZone = 'UTC'");
    const tables = await tx.$queryRawUnsafe<{ name: string }[]>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace
          AND relkind = 'r' AND relname <> '_prisma_migrations' ORDER BY relname`,
    );
    const rows: Record<string, string[]> = {};
    for (const { name } of tables) {
      const result = await tx.$queryRawUnsafe<{ row: string }[]>(
        `SELECT to_jsonb(t)::text AS row FROM "${name}" t`,
      );
      rows[name] = result.map((row) => row.row).sort();
    }
    return rows;
  });
};

/** A snapshot as it must read after its files moved from one store to another (url-rewrite.ts). */
export const movedSnapshot = ({
  rows,
  keys,
  from,
  to,
}: {
  rows: Record<string, string[]>;
  keys: string[];
  from: { base: string; driver: string };
  to: { base: string; driver: string };
}) =>
  Object.fromEntries(
    Object.entries(rows).map(([table, lines]) => [
      table,
      lines
        .map((line) => {
          let moved = keys.reduce(
            (text, key) => text.replaceAll(`${from.base}${key}`, `${to.base}${key}`),
            line,
          );
          if (table === 'uploaded_file')
            moved = moved.replace(`"driver": "${from.driver}"`, `"driver": "${to.driver}"`);
          return moved;
        })
        .sort(),
    ]),
  );

/** sha256 of every file of a site's store, by key. */
export const storedFiles = async (site: Site) => {
  const files: Record<string, string> = {};
  for (const key of await site.store!.listKeys()) files[key] = sha256((await site.store!.read(key))!);
  return files;
};
