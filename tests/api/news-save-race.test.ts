// save_news_info updates without holding a transaction open (lib/news/save-news.ts): it reads the
// row, then writes only if the row is still the version it read. These tests race it against
// other writers: parallel saves of one item, and (PostgreSQL, which has more than one connection)
// a lock or an edit committed by another connection between the save's read and its write.
import { Client } from 'pg';
import { GET as getNewsOneRoute } from '@/app/api/v1/manage/news_manage/get_news_one/route';
import { POST as lockNewsRoute } from '@/app/api/v1/manage/news_manage/lock_news/route';
import { getDb } from '@/lib/db/client';
import { EDITED_ELSEWHERE } from '@/lib/news/save-news';
import { call } from '../helpers/api';
import { createClass, field } from '../helpers/categories';
import { isPostgresRun } from '../helpers/db-kind';
import { createNews, saveNews } from '../helpers/news';
import { signedIn } from '../helpers/users';

let token: string;
let classId: number;

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['news_content', 'class_manage'] }));
  classId = await createClass(token, {
    name: '并发',
    content_fileds: {
      list: [field({ key: 'source', title: '来源' }), field({ key: 'no', title: '编号', type: 'auto' })],
    },
  });
});

const storedRow = async (id: number) => {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ title: string; is_lock: boolean; fields: Record<string, unknown> }[]>`
    SELECT title, is_lock, fields FROM news WHERE id = ${id}`;
  return row;
};

it('parallel saves of one item all succeed, and the item ends as one of them with its running number kept', async () => {
  const id = await createNews(token, { class_id: classId, title: '原标题', source: '原来源' });
  const before = await storedRow(id);
  const titles = Array.from({ length: 24 }, (_, i) => `并发标题${i}`);
  const results = await Promise.all(
    titles.map((title) => saveNews(token, { id, class_id: classId, title, source: title })),
  );
  expect(results.map((result) => result.body.code)).toEqual(titles.map(() => 200));
  const after = await storedRow(id);
  expect(titles).toContain(after.title);
  // One save's values, whole, and the running number given at creation kept.
  expect(after.fields.source).toBe(after.title);
  expect(after.fields.no).toBe(before.fields.no);
});

it('a save carrying the version its form was opened at refuses to overwrite a change made since', async () => {
  const id = await createNews(token, { class_id: classId, title: '初版' });
  const versionOf = async () =>
    (await call<{ row_version: string }>(getNewsOneRoute, { token, query: { id: String(id) } })).body.data
      .row_version;
  const opened = await versionOf();
  expect(opened).toMatch(/^\d+$/);
  // Two editors opened it; the first saves, the second's save is refused and changes nothing.
  expect(
    (await saveNews(token, { id, class_id: classId, title: '甲的修改', row_version: opened })).body.code,
  ).toBe(200);
  expect(
    (await saveNews(token, { id, class_id: classId, title: '乙的修改', row_version: opened })).body,
  ).toMatchObject({ code: 400, message: EDITED_ELSEWHERE });
  expect((await storedRow(id)).title).toBe('甲的修改');
  // A lock and unlock since opening count as a change too.
  const reopened = await versionOf();
  await call(lockNewsRoute, { method: 'POST', token, body: { id, is_lock: 1 } });
  await call(lockNewsRoute, { method: 'POST', token, body: { id, is_lock: 0 } });
  expect(
    (await saveNews(token, { id, class_id: classId, title: '丙的修改', row_version: reopened })).body.message,
  ).toBe(EDITED_ELSEWHERE);
  // The current version saves; a save without a version (another API client) is last-write-wins.
  expect(
    (await saveNews(token, { id, class_id: classId, title: '丁的修改', row_version: await versionOf() })).body
      .code,
  ).toBe(200);
  expect((await saveNews(token, { id, class_id: classId, title: '戊的修改' })).body.code).toBe(200);
  expect(
    (await saveNews(token, { id, class_id: classId, title: 'x', row_version: 'abc' })).body,
  ).toMatchObject({ code: 400, message: '版本号不正确' });
});

// Holds a row change open in another connection, starts a save, waits until the save's UPDATE is
// queued behind that change (pg_stat_activity), then commits the change and returns the save.
const saveAcrossCommit = async (id: number, change: string, body: Record<string, unknown>) => {
  const other = new Client({ connectionString: process.env.DATABASE_URL });
  const watcher = new Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([other.connect(), watcher.connect()]);
  try {
    await other.query('BEGIN');
    await other.query(change, [id]);
    const pending = saveNews(token, body);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await watcher.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%UPDATE news SET%'`,
      );
      if (rows[0].n > 0) break;
      if (Date.now() > deadline) throw new Error('the save never waited on the open change');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await other.query('COMMIT');
    return await pending;
  } finally {
    await other.query('ROLLBACK').catch(() => {});
    await Promise.all([other.end(), watcher.end()]);
  }
};

if (isPostgresRun) {
  it('a lock committed between the save reading the item and writing it is honoured', async () => {
    const id = await createNews(token, { class_id: classId, title: '未锁时的标题' });
    const result = await saveAcrossCommit(id, 'UPDATE news SET is_lock = true WHERE id = $1', {
      id,
      class_id: classId,
      title: '锁定后不应写入',
    });
    expect(result.body).toMatchObject({ code: 400, message: '该内容已锁定，请先解锁' });
    expect(await storedRow(id)).toMatchObject({ title: '未锁时的标题', is_lock: true });
  });

  it('an edit committed between the read and the write is read again, not overwritten with stale values', async () => {
    const id = await createNews(token, { class_id: classId, title: '第一版', source: '甲' });
    // A value the schema lacks (as move_news keeps them): a save must carry it over from the row.
    const result = await saveAcrossCommit(
      id,
      `UPDATE news SET fields = fields || '{"kept_elsewhere": "乙"}' WHERE id = $1`,
      { id, class_id: classId, title: '第二版', source: '丙' },
    );
    expect(result.body.code).toBe(200);
    const row = await storedRow(id);
    expect(row.title).toBe('第二版');
    expect(row.fields).toMatchObject({ kept_elsewhere: '乙', source: '丙' });
  });
}
