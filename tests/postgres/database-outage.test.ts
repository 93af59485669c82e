// PostgreSQL goes away under a running app (a restart, a failover): the server refuses this
// database's connections and ends the ones the app holds. Every call meanwhile answers 503
// 服务器繁忙，请稍后重试 quickly — not a 500, not a hang — and once the database takes connections
// again the app answers by itself, with every write it acknowledged before still there.
// (bench/faults.mjs does the same with a real stop and start of a throwaway cluster.)
import { Client } from 'pg';
import { getDb } from '@/lib/db/client';
import type { ApiResult } from '../helpers/api';
import { createClass } from '../helpers/categories';
import { createNews } from '../helpers/news';
import { BUSY, outageCalls } from '../helpers/outage-calls';
import { signedIn } from '../helpers/users';

// The most an answer may take while the database is away.
const OUTAGE_ANSWER_MS = 5000;

let token: string;
let classId: number;
let itemId: number;

const databaseName = () => new URL(process.env.DATABASE_URL as string).pathname.slice(1);

const withAdmin = async (work: (admin: Client) => Promise<void>) => {
  const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
};

/** The database refuses new connections and ends the app's: as when its server goes away. */
const takeDown = () =>
  withAdmin(async (admin) => {
    await admin.query(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
      databaseName(),
    ]);
  });
const bringBack = () =>
  withAdmin(async (admin) => {
    await admin.query(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS true`);
  });

const calls = outageCalls(() => ({ token, classId, itemId }), '停机时');

const timed = async (run: () => Promise<ApiResult>) => {
  const started = Date.now();
  const result = await run();
  return { result, ms: Date.now() - started };
};

beforeAll(async () => {
  token = (await signedIn({ roles: ['news_content', 'class_manage'] })).token;
  classId = await createClass(token, { name: '停机' });
  itemId = await createNews(token, { class_id: classId, title: '停机前的内容' });
});

it('answers 503 服务器繁忙 within 5 s while the database is away, and by itself once it is back', async () => {
  const acknowledged = await createNews(token, { class_id: classId, title: '停机前确认的新建' });
  await takeDown();
  try {
    for (const [name, run] of Object.entries(calls)) {
      const { result, ms } = await timed(run);
      expect([name, result.status, result.body]).toEqual([name, 503, BUSY]);
      expect(result.headers.get('retry-after')).toBe('5');
      expect(ms).toBeLessThan(OUTAGE_ANSWER_MS);
    }
  } finally {
    await bringBack();
  }
  // The next calls are answered as usual: the pool opens new connections by itself.
  for (const [name, run] of Object.entries(calls)) {
    const { result } = await timed(run);
    expect([name, result.status, result.body.code]).toEqual([name, 200, 200]);
  }
  // Nothing written during the outage; everything acknowledged before it is there.
  const db = await getDb();
  const titles = (await db.news.findMany({ where: { classId }, select: { title: true } })).map(
    (row) => row.title,
  );
  expect(titles).toContain('停机前确认的新建');
  expect(titles.filter((title) => title === '停机时的新建')).toHaveLength(1); // the one after the return
  expect(acknowledged).toBeGreaterThan(itemId);
});
