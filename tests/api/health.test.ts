// GET /api/health on a real database (PGlite, and PostgreSQL in that project) and a real store
// (a local folder, then s3rver): 200 while both work, 503 naming the check that fails, and back.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { GET } from '@/app/api/health/route';
import { closeDb, getDb } from '@/lib/db/client';
import { isPostgresRun } from '../helpers/db-kind';
import { STORAGE_ENV_NAMES } from '../helpers/test-store';
import { startTestS3, type TestS3 } from '../storage/helpers/s3-server';

// Restored afterwards: the storage settings this file changes, startTestS3's S3_* among them.
const ENV_NAMES = [...STORAGE_ENV_NAMES, 'HEALTH_CACHE_MS'];
const saved: Record<string, string | undefined> = {};
let uploadDir = '';

const health = async () => {
  const response = await GET();
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: JSON.parse(text),
    cache: response.headers.get('cache-control'),
  };
};

const ok = { ok: true, ms: expect.any(Number) };

/** Everything under the upload folder, files and folders (the probe must leave neither). */
const filesIn = async (dir: string): Promise<string[]> => readdir(dir, { recursive: true });

beforeAll(async () => {
  for (const name of ENV_NAMES) saved[name] = process.env[name];
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'cms-health-'));
  process.env.STORAGE_DRIVER = 'local';
  process.env.UPLOAD_DIR = uploadDir;
  process.env.HEALTH_CACHE_MS = '0';
});

afterAll(async () => {
  await rm(uploadDir, { recursive: true, force: true });
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('GET /api/health', () => {
  it('answers 200 with each check and its time when the database answers and the store takes a write, leaving no file or folder', async () => {
    const result = await health();
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'ok', checks: { db: ok, storage: ok } });
    expect(result.cache).toBe('no-store');
    expect(await filesIn(uploadDir)).toEqual([]);
  });

  it('answers 503 naming the store when the upload folder cannot be written, and 200 once it can', async () => {
    // Running as root ignores file modes, so the folder is replaced by a plain file instead.
    const broken = path.join(uploadDir, 'not-a-folder');
    await writeFile(broken, 'x');
    process.env.UPLOAD_DIR = broken;
    try {
      const result = await health();
      expect(result.status).toBe(503);
      expect(result.body).toEqual({
        status: 'fail',
        checks: { db: ok, storage: { ok: false, ms: expect.any(Number), error: '文件存储无法写入' } },
      });
      // Neither the cause, the path nor a stack reaches the answer.
      expect(result.text).not.toMatch(/ENOTDIR|EEXIST|not-a-folder|cms-health|\bat /);
    } finally {
      process.env.UPLOAD_DIR = uploadDir;
    }
    expect((await health()).status).toBe(200);
  });

  it('reuses one report for HEALTH_CACHE_MS, so frequent polls cost one check', async () => {
    process.env.HEALTH_CACHE_MS = '60000';
    const broken = path.join(uploadDir, 'still-not-a-folder');
    await writeFile(broken, 'x');
    try {
      const first = await health();
      expect(first.status).toBe(200);
      process.env.UPLOAD_DIR = broken;
      const second = await health();
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      process.env.HEALTH_CACHE_MS = '0';
      expect((await health()).status).toBe(503);
    } finally {
      process.env.HEALTH_CACHE_MS = '0';
      process.env.UPLOAD_DIR = uploadDir;
    }
  });

  it('checks an S3 store by a write and a delete, and answers 503 once it stops', async () => {
    const s3: TestS3 = await startTestS3();
    let isStopped = false;
    Object.assign(process.env, s3.env, { STORAGE_DRIVER: 's3' });
    try {
      const healthy = await health();
      expect(healthy.status).toBe(200);
      expect(healthy.body.checks.storage).toEqual(ok);
      expect(await s3.listKeys()).toEqual([]);
      await s3.stop();
      isStopped = true;
      const result = await health();
      expect(result.status).toBe(503);
      expect(result.body).toEqual({
        status: 'fail',
        checks: { db: ok, storage: { ok: false, ms: expect.any(Number), error: '文件存储无法写入' } },
      });
      expect(result.text).not.toMatch(/S3RVER|ECONNREFUSED|127\.0\.0\.1|\bat /);
    } finally {
      if (!isStopped) await s3.stop();
      process.env.STORAGE_DRIVER = 'local';
    }
  });

  it('answers 503 naming the database when it stops answering, and 200 once it is back', async () => {
    const expectDbDown = async () => {
      const result = await health();
      expect(result.status).toBe(503);
      expect(result.body).toEqual({
        status: 'fail',
        checks: { db: { ok: false, ms: expect.any(Number), error: '数据库无法访问' }, storage: ok },
      });
      expect(result.text).not.toMatch(/cms_test_|ENOTDIR|postgres|\bat /i);
    };
    if (isPostgresRun) {
      // The server ends this database's connections and refuses new ones, as when it goes away
      // under a running app; the pool's next statement then fails.
      const name = new URL(process.env.DATABASE_URL as string).pathname.slice(1);
      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        await expectDbDown();
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      } finally {
        await admin.end();
      }
    } else {
      // The embedded database is closed and its folder cannot be opened (a file where it should be).
      const saved = process.env.PGLITE_DIR;
      const blocker = path.join(uploadDir, 'blocker');
      await writeFile(blocker, 'x');
      await closeDb();
      process.env.PGLITE_DIR = path.join(blocker, 'pglite');
      try {
        await expectDbDown();
      } finally {
        process.env.PGLITE_DIR = saved;
      }
      await getDb();
    }
    const result = await health();
    expect(result.status).toBe(200);
    expect(result.body.checks.db).toEqual(ok);
  });
});
