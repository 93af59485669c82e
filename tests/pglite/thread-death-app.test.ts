import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as pgliteModule from '@electric-sql/pglite';
import { GET as healthRoute } from '@/app/api/health/route';
import { closeDb, getDb, getPgliteThread } from '@/lib/db/client';
import { pgliteOptions } from '@/lib/db/pglite-options';
import { KILL_THREAD, PgliteThread } from '@/lib/db/pglite-thread';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { createClass } from '../helpers/categories';
import { createNews } from '../helpers/news';
import { BUSY, outageCalls } from '../helpers/outage-calls';
import { signedIn } from '../helpers/users';

// The app on a PGlite data dir whose thread dies (lib/db/pglite-thread-keeper.ts), as
// tests/postgres/database-outage.test.ts is for PostgreSQL going away: meanwhile every call answers
// 503 服务器繁忙 and the health probe says the database is down; then the app answers again by
// itself, with every write it acknowledged before and none it refused. A Prisma transaction the
// thread dies in fails the same way, its COMMIT included, and leaves nothing.

let base: string;
let token: string;
let classId: number;
let itemId: number;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kill = async () => (await getPgliteThread())?.[KILL_THREAD]();

const calls = outageCalls(() => ({ token, classId, itemId }), '线程退出时');

/** Polls login/info until it answers 200 again; the ms it took. */
const answeringAgain = async () => {
  const started = Date.now();
  for (;;) {
    const { status, body } = await calls['login/info']();
    if (status === 200) return Date.now() - started;
    expect([status, body]).toEqual([503, BUSY]);
    expect(Date.now() - started).toBeLessThan(60_000);
    await delay(100);
  }
};
const titles = async () =>
  (await (await getDb()).news.findMany({ where: { classId }, select: { title: true } })).map(
    (row) => row.title,
  );

beforeAll(async () => {
  // Not the in-memory database of tests/helpers/db-lifecycle.ts: a data dir, which a new thread can
  // reopen. Made from the run's migrated snapshot, as a restart finds it (no initdb).
  await closeDb();
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-thread-death-app-'));
  const dir = path.join(base, 'pglite');
  const loadDump = process.env.PGLITE_TEST_DUMP as string;
  await (await PgliteThread.open({ dir, loadDump, options: pgliteOptions(), pgliteModule })).close();
  process.env.PGLITE_DIR = dir;
  process.env.PGLITE_LOAD_DUMP = '';
  process.env.HEALTH_CACHE_MS = '0';
  expect(await getPgliteThread()).toBeInstanceOf(PgliteThread);
  token = (await signedIn({ roles: ['news_content', 'class_manage'] })).token;
  classId = await createClass(token, { name: '线程退出' });
  itemId = await createNews(token, { class_id: classId, title: '线程退出前的内容' });
}, 120_000);

afterAll(async () => {
  await closeDb();
  delete process.env.HEALTH_CACHE_MS;
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

jest.setTimeout(120_000);

it('answers 503 服务器繁忙 and health 503 while the thread is down, then by itself, with every acknowledged write', async () => {
  const acknowledged = await createNews(token, { class_id: classId, title: '线程退出前确认的新建' });
  await kill();
  // A new thread opens after 0.5 s and PGlite's WAL replay: these come before.
  const health = await healthRoute();
  expect(health.status).toBe(503);
  expect((await health.json()).checks.db).toMatchObject({ ok: false, error: '数据库无法访问' });
  for (const [name, run] of Object.entries(calls)) {
    const { status, body, headers } = await run();
    expect([name, status, body]).toEqual([name, 503, BUSY]);
    expect(headers.get('retry-after')).toBe('5');
  }

  expect(await answeringAgain()).toBeLessThan(30_000);
  expect((await healthRoute()).status).toBe(200);
  for (const [name, run] of Object.entries(calls)) {
    const { status, body } = await run();
    expect([name, status, body.code]).toEqual([name, 200, 200]);
  }
  const after = await titles();
  expect(after).toContain('线程退出前确认的新建');
  expect(after.filter((title) => title === '线程退出时的新建')).toHaveLength(1); // the one after
  expect(acknowledged).toBeGreaterThan(itemId);
});

it('a Prisma transaction the thread dies in fails as unavailable and leaves nothing', async () => {
  const db = await getDb();
  const failure = await db
    .$transaction(async (tx) => {
      await tx.news.create({ data: { classId, title: '事务中的新建' } });
      await kill();
      await tx.news.count();
    })
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(isDatabaseUnavailable(failure)).toBe(true);
  await answeringAgain();
  expect(await titles()).not.toContain('事务中的新建');
});

it('a Prisma transaction whose COMMIT the thread dies in is not answered as committed', async () => {
  const db = await getDb();
  // A deferred trigger that sleeps at COMMIT: the thread dies while it runs.
  await db.$executeRawUnsafe(`CREATE TABLE slow_commit_probe (id int)`);
  await db.$executeRawUnsafe(`CREATE FUNCTION slow_commit_probe() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN PERFORM pg_sleep(3); RETURN NULL; END $$`);
  await db.$executeRawUnsafe(`CREATE CONSTRAINT TRIGGER slow_commit_probe AFTER INSERT ON slow_commit_probe
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit_probe()`);
  const committing = db
    .$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO slow_commit_probe VALUES (1)`;
    })
    .then(
      () => null,
      (error: unknown) => error,
    );
  await delay(800);
  await kill();
  const failure = await committing;
  expect(failure).not.toBeNull();
  expect(isDatabaseUnavailable(failure)).toBe(true);
  await answeringAgain();
  expect(await db.$queryRaw`SELECT count(*)::int AS n FROM slow_commit_probe`).toEqual([{ n: 0 }]);
});
