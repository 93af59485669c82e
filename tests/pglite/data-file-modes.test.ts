import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackup } from '@/lib/backup/create-backup';
import { restoreBackup } from '@/lib/backup/restore-backup';
import { closeDb, getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { logger } from '@/lib/logger';
import { startServer } from '@/lib/startup';

// The embedded database's files are this account's alone, whatever the umask: every folder under
// PGLITE_DIR 0700 and every file 0600, from its creation on (lib/db/private-files.ts), an older
// loose folder tightened on start, and backup archives and restored folders the same. Run under
// umask 022, which by itself gives 0755 folders (and PGlite 0666 files). PGlite only: tests/pglite/
// is in the pglite jest project alone.

type Entry = { path: string; mode: string };
/** Every folder and file under `dir` (itself included) with its permission bits, in octal. */
const entriesOf = (dir: string): Entry[] => {
  const found: Entry[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    found.push({ path: path.relative(dir, entry) || '.', mode: (stat.mode & 0o777).toString(8) });
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return found;
};
/** What is not 0700 (a folder) or 0600 (a file). */
const notPrivate = (dir: string) =>
  entriesOf(dir).filter(
    (entry) => entry.mode !== (fs.lstatSync(path.join(dir, entry.path)).isDirectory() ? '700' : '600'),
  );
const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

const report = { phase: () => {}, info: () => {} };
/** The server's start (instrumentation.ts's register()), once more in this process. */
const start = () => {
  (globalThis as { __cmsStarted?: unknown }).__cmsStarted = undefined;
  return startServer();
};

describe('data files are readable by this account alone (umask 022)', () => {
  jest.setTimeout(300_000);
  const saved = {
    url: process.env.DATABASE_URL,
    dir: process.env.PGLITE_DIR,
    uploads: process.env.UPLOAD_DIR,
    driver: process.env.STORAGE_DRIVER,
    password: process.env.ADMIN_PASSWORD,
  };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-modes-'));
  // Its parent folder does not exist yet either: the start makes both.
  const dir = path.join(root, 'data', 'pglite');
  const uploads = path.join(root, 'data', 'uploads');
  let umask: number;

  beforeAll(async () => {
    await closeDb();
    umask = process.umask(0o022);
    process.env.DATABASE_URL = '';
    process.env.PGLITE_DIR = dir;
    process.env.STORAGE_DRIVER = 'local';
    process.env.UPLOAD_DIR = uploads;
    process.env.ADMIN_PASSWORD = 'Admin12345';
  });

  afterAll(async () => {
    await closeDb();
    process.umask(umask);
    process.env.DATABASE_URL = saved.url;
    process.env.PGLITE_DIR = saved.dir;
    process.env.UPLOAD_DIR = saved.uploads;
    process.env.STORAGE_DRIVER = saved.driver;
    if (saved.password === undefined) delete process.env.ADMIN_PASSWORD;
    else process.env.ADMIN_PASSWORD = saved.password;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a new data dir made by the start, and what PGlite writes into it while running, are 0700/0600', async () => {
    const warn = jest.spyOn(logger, 'warn');
    await start();
    // New relation files, WAL and a checkpoint, made by the running database.
    const sql = await getSql();
    await sql.query(Prisma.sql`CREATE TABLE modes_probe (id int PRIMARY KEY, note text)`);
    await sql.query(
      Prisma.sql`INSERT INTO modes_probe SELECT g, repeat('x', 100) FROM generate_series(1, 2000) g`,
    );
    await sql.query(Prisma.sql`CHECKPOINT`);
    expect(notPrivate(dir)).toEqual([]);
    expect(modeOf(`${dir}.lock`)).toBe('600');
    await sql.query(Prisma.sql`DROP TABLE modes_probe`); // a restore takes only the app's tables
    await closeDb();
    expect(notPrivate(dir)).toEqual([]);
    expect(entriesOf(dir).length).toBeGreaterThan(500);
    expect(modeOf(path.dirname(dir))).toBe('700');
    expect(modeOf(uploads)).toBe('700');
    // Nothing needed tightening: it was private from the start.
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('an existing folder others may read is tightened on start, with one line saying how many', async () => {
    const entries = entriesOf(dir);
    for (const entry of entries) {
      const full = path.join(dir, entry.path);
      fs.chmodSync(full, fs.statSync(full).isDirectory() ? 0o755 : 0o644);
    }
    expect(notPrivate(dir)).toHaveLength(entries.length);
    fs.chmodSync(uploads, 0o755);
    const warn = jest.spyOn(logger, 'warn');
    await start();
    expect(notPrivate(dir)).toEqual([]);
    expect(modeOf(uploads)).toBe('700');
    const lines = warn.mock.calls.filter(([, message]) => String(message).includes('嵌入式数据库目录'));
    expect(lines).toHaveLength(1);
    expect(lines[0][0]).toEqual({ dir, tightened: entries.length, failed: 0 });
    expect(lines[0][1]).toContain(`已将 ${entries.length} 个改为仅本账户可读写`);
    warn.mockRestore();
    await closeDb();
  });

  it('a backup archive (its partial file and its temporary work files too) is 0600; a restore makes a private folder', async () => {
    const archive = path.join(root, 'backups', 'site.tar.gz');
    const partialModes: string[] = [];
    // The work folder (the dump and the tables' rows, written before the archive) goes under
    // os.tmpdir(): here, so that it can be looked at meanwhile.
    const tmp = path.join(root, 'tmp');
    fs.mkdirSync(tmp);
    const tmpdir = jest.spyOn(os, 'tmpdir').mockReturnValue(tmp);
    let workEntries: Entry[] = [];
    let looseWork: Entry[] = [];
    try {
      await createBackup({
        file: archive,
        report: {
          ...report,
          phase: (text: string) => {
            const partial = `${archive}.partial-${process.pid}`;
            if (text.startsWith('3/3') && fs.existsSync(partial)) partialModes.push(modeOf(partial));
            if (text.startsWith('2/3')) {
              workEntries = entriesOf(tmp).filter((entry) => entry.path !== '.');
              looseWork = notPrivate(tmp).filter((entry) => entry.path !== '.');
            }
          },
        },
      });
    } finally {
      tmpdir.mockRestore();
    }
    // The work folder held the dump and a file per table, none of them others could read.
    expect(workEntries.length).toBeGreaterThan(5);
    expect(looseWork).toEqual([]);
    expect(partialModes).toEqual(['600']);
    expect(modeOf(archive)).toBe('600');
    expect(modeOf(path.dirname(archive))).toBe('700');

    const restored = path.join(root, 'restored', 'pglite');
    process.env.PGLITE_DIR = restored;
    await restoreBackup({ file: archive, force: false, report });
    expect(notPrivate(restored)).toEqual([]);
    expect(entriesOf(restored).length).toBeGreaterThan(500);
    expect(modeOf(path.dirname(restored))).toBe('700');
  });
});
