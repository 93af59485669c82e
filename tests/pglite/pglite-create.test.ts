import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeDb, getDb, getSql } from '@/lib/db/client';
import { createDataDirOnce, initDataDirInChild } from '@/lib/db/pglite-create';
import { Prisma } from '@/lib/generated/prisma/client';

// A new data dir is made by server/pglite-initdb.mjs in a child process (its ~800 MB peak ends
// with it) and renamed into place only when complete. PGlite only: tests/pglite/ is in the
// pglite jest project alone.

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cms-create-'));
/** Running: it exists and is not a zombie (killed, waiting to be reaped by whoever adopted it). */
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) state …"; Z = exited, not yet reaped.
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.[0] !== 'Z';
  } catch {
    return false;
  }
};
const waitFor = async (check: () => boolean, what: string, timeoutMs = 150_000) => {
  for (const started = Date.now(); !check(); await new Promise((resolve) => setTimeout(resolve, 20)))
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${what}`);
};

describe('creating the PGlite data dir in a child process', () => {
  jest.setTimeout(300_000);

  it('leaves nothing at the real path when the child fails, and says why', async () => {
    const dir = path.join(tmpDir(), 'pglite');
    await expect(
      createDataDirOnce({
        dir,
        // PostgreSQL refuses to start with it, after initdb has written most of the folder.
        create: (staging) => initDataDirInChild(staging, { postgresqlconf: ['shared_buffers = lots'] }),
      }),
    ).rejects.toThrow(/创建嵌入式数据库失败（退出码 1）/);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('a child whose server is killed stops at once; the next start discards its half folder', async () => {
    const root = tmpDir();
    const dir = path.join(root, 'pglite');
    const staging = `${dir}.creating`;
    // A stand-in for the server: starts the child as lib/db/pglite-create.ts does, then is killed.
    const server = spawn(process.execPath, [
      '-e',
      `const c = require('node:child_process').spawn(process.execPath, [${JSON.stringify(
        path.join(process.cwd(), 'server', 'pglite-initdb.mjs'),
      )}, ${JSON.stringify(staging)}], { stdio: 'ignore' });
       console.log(c.pid); setInterval(() => {}, 1000);`,
    ]);
    const childPid = await new Promise<number>((resolve) =>
      server.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    await waitFor(() => fs.existsSync(path.join(staging, 'PG_VERSION')), 'the child writes the folder');
    server.kill('SIGKILL');
    // The watchdog thread looks every 100 ms; 5 s leaves room for a loaded machine.
    await waitFor(() => !isAlive(childPid), 'the child ends with its server', 5000);
    expect(fs.existsSync(path.join(staging, 'pg_hba.conf')) && fs.existsSync(dir)).toBe(false);

    expect(await createDataDirOnce({ dir, create: (into) => initDataDirInChild(into, {}) })).toBe(true);
    expect(fs.existsSync(staging)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'pg_hba.conf'))).toBe(true);
    // Only a missing or empty folder is created; a complete one is left alone.
    expect(await createDataDirOnce({ dir, create: () => Promise.reject(new Error('not called')) })).toBe(
      false,
    );
  });

  it('a first start and a restart open it, with the settings of lib/db/pglite-options.ts', async () => {
    const dir = path.join(tmpDir(), 'pglite');
    const saved = { url: process.env.DATABASE_URL, dir: process.env.PGLITE_DIR };
    await closeDb();
    process.env.DATABASE_URL = '';
    process.env.PGLITE_DIR = dir;
    try {
      for (const start of ['first', 'restart']) {
        const db = await getDb();
        expect([start, await db.adminUser.count()]).toEqual([start, 0]);
        const sql = await getSql();
        expect(await sql.query(Prisma.sql`SHOW shared_buffers`)).toEqual([{ shared_buffers: '16MB' }]);
        await closeDb();
      }
      expect(fs.existsSync(`${dir}.creating`)).toBe(false);
    } finally {
      process.env.DATABASE_URL = saved.url;
      process.env.PGLITE_DIR = saved.dir;
    }
  });
});
