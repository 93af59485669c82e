import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDirLock } from '@/lib/db/pglite-lock';
import { closeDb, getDb } from '@/lib/db/client';

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cms-lock-'));

describe('the PGlite directory lock', () => {
  let other: ChildProcess;
  beforeAll(() => {
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  });
  afterAll(() => {
    other.kill();
  });

  it('refuses a directory held by another live process, with a clear message', () => {
    const dir = tmpDir();
    const lockPath = path.join(dir, 'pglite.lock');
    fs.writeFileSync(lockPath, String(other.pid));
    expect(() => acquireDirLock({ lockPath, dataDir: path.join(dir, 'pglite') })).toThrow(
      new RegExp(`正被进程 ${other.pid} 使用.*不能被两个进程同时打开`),
    );
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(other.pid));
  });

  it('takes over a lock left by a dead process or by its own pid (container restart)', () => {
    const dir = tmpDir();
    const lockPath = path.join(dir, 'pglite.lock');
    for (const stale of ['999999', String(process.pid)]) {
      fs.writeFileSync(lockPath, stale);
      const { release } = acquireDirLock({ lockPath, dataDir: dir });
      expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
      release();
      expect(fs.existsSync(lockPath)).toBe(false);
    }
  });

  it('keeps getDb from opening a data dir another process owns, and opens it once released', async () => {
    const dir = tmpDir();
    const dataDir = path.join(dir, 'pglite');
    fs.writeFileSync(`${dataDir}.lock`, String(other.pid));
    // What a start killed while PGlite was creating the folder leaves (lib/db/pglite-create.ts).
    fs.mkdirSync(`${dataDir}.creating`);
    fs.writeFileSync(path.join(`${dataDir}.creating`, 'PG_VERSION'), '17\n');
    const saved = { url: process.env.DATABASE_URL, dir: process.env.PGLITE_DIR };
    await closeDb();
    process.env.DATABASE_URL = '';
    process.env.PGLITE_DIR = dataDir;
    try {
      await expect(getDb()).rejects.toThrow(/正被进程/);
      fs.rmSync(`${dataDir}.lock`);
      const db = await getDb();
      expect(await db.adminUser.count()).toBe(0);
      // Created beside the real path and renamed into place; the half folder was discarded.
      expect(fs.existsSync(`${dataDir}.creating`)).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'pg_hba.conf'))).toBe(true);
      expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
      await closeDb();
      expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    } finally {
      process.env.DATABASE_URL = saved.url;
      process.env.PGLITE_DIR = saved.dir;
    }
  });
});
