import fs from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { closeDb, getDb } from '@/lib/db/client';
import { forgetSystemSettings } from '@/lib/settings/system-settings';
import { sha256 } from '../../storage/helpers/fixtures';
import type { TestS3 } from '../../storage/helpers/s3-server';

// A "site" is one database plus one store, selected through the environment exactly as the app
// and the backup commands read it. Switching closes the app's database first: an embedded folder
// must never be open twice (a restore opens it itself).

export type Site = { name: string; env: Record<string, string>; uploadDir?: string; s3?: TestS3 };

const ENV_NAMES = [
  'DATABASE_URL',
  'PGLITE_DIR',
  'PGLITE_LOAD_DUMP',
  'STORAGE_DRIVER',
  'UPLOAD_DIR',
  'UPLOAD_PUBLIC_URL',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
  'S3_FORCE_PATH_STYLE',
];
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
  const uploadDir = path.join(root, 'uploads');
  const storage: Record<string, string> = s3
    ? { STORAGE_DRIVER: 's3', ...s3.env }
    : { STORAGE_DRIVER: 'local', UPLOAD_DIR: uploadDir };
  return {
    name,
    env: { DATABASE_URL: '', PGLITE_DIR: dir, PGLITE_LOAD_DUMP: '', UPLOAD_PUBLIC_URL: '', ...storage },
    uploadDir: s3 ? undefined : uploadDir,
    s3,
  };
};

export const postgresSite = async ({ name, url, s3 }: { name: string; url: string; s3: TestS3 }) => ({
  name,
  env: { DATABASE_URL: url, STORAGE_DRIVER: 's3', ...s3.env },
  s3,
});

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
  if (site.s3) {
    for (const key of await site.s3.listKeys()) files[key] = sha256((await site.s3.getObject(key))!.bytes);
    return files;
  }
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else
        files[path.relative(site.uploadDir!, full).split(path.sep).join('/')] = sha256(await readFile(full));
    }
  };
  await walk(site.uploadDir!);
  return files;
};
