// A database that stops answering must not hang GET /api/health (a probe would hang with it):
// with every pool connection busy, the check gives up after its time limit and names the database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GET } from '@/app/api/health/route';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'cms-health-'));

beforeAll(() => {
  process.env.HEALTH_CACHE_MS = '0';
  process.env.STORAGE_DRIVER = 'local';
  process.env.UPLOAD_DIR = uploadDir;
});

afterAll(() => {
  delete process.env.HEALTH_CACHE_MS;
  delete process.env.UPLOAD_DIR;
  delete process.env.STORAGE_DRIVER;
  rmSync(uploadDir, { recursive: true, force: true });
});

it('answers 503 「数据库无应答（超时）」 when the database does not answer in time', async () => {
  const sql = await getSql();
  const poolSize = Number(process.env.DATABASE_POOL_MAX) || 4;
  const busy = Promise.all(Array.from({ length: poolSize }, () => sql.query(Prisma.sql`SELECT pg_sleep(4)`)));
  try {
    const response = await GET();
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.checks.db).toEqual({ ok: false, ms: expect.any(Number), error: '数据库无应答（超时）' });
    expect(body.checks.db.ms).toBeGreaterThanOrEqual(3000);
  } finally {
    await busy;
  }
  expect((await GET()).status).toBe(200);
});
