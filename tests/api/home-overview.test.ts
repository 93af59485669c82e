import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { GET as overviewRoute } from '@/app/api/v1/manage/news_manage/get_home_overview/route';
import { POST as lockNewsRoute } from '@/app/api/v1/manage/news_manage/lock_news/route';
import { POST as moveNewsRoute } from '@/app/api/v1/manage/news_manage/move_news/route';
import { getDb } from '@/lib/db/client';
import type { HomeOverview } from '@/lib/home/home-types';
import { call } from '../helpers/api';
import { createClass } from '../helpers/categories';
import { createNews, saveNews, setRevisionKeep } from '../helpers/news';
import { addRecord, delProcess } from '../helpers/process';
import { createUser, loginAs, signedIn } from '../helpers/users';

const STEPS = [
  { title: '受理', value: 1 },
  { title: '审核', value: 2 },
  { title: '办结', value: 3 },
];

let adminToken: string;
let adminName: string;
const ids = { A: 0, B: 0, P: 0, hidden: 0, page: 0 };

const overview = async (token: string) => {
  const result = await call<HomeOverview>(overviewRoute, { token });
  expect(result.status).toBe(200);
  return result.body.data;
};
const classOf = (data: HomeOverview, id: number) => data.classes.find((c) => c.id === id);

/** The counters compared with a count of the items themselves: the triggers keep them exact. */
const expectTalliesExact = async () => {
  const db = await getDb();
  const [hours, counted, steps, stepCounted] = await Promise.all([
    db.$queryRaw<{ class_id: number; hour: Date; items: number }[]>`
      SELECT class_id, hour, items FROM news_class_hour WHERE items <> 0 ORDER BY 1, 2`,
    db.$queryRaw<{ class_id: number; hour: Date; items: number }[]>`
      SELECT class_id, date_trunc('hour', updated_at, 'UTC') AS hour, count(*)::int AS items
      FROM news GROUP BY 1, 2 ORDER BY 1, 2`,
    db.$queryRaw<{ class_id: number; process: number; items: number }[]>`
      SELECT class_id, process, items FROM news_class_step WHERE items <> 0 ORDER BY 1, 2`,
    db.$queryRaw<{ class_id: number; process: number; items: number }[]>`
      SELECT class_id, process, count(*)::int AS items FROM news GROUP BY 1, 2 ORDER BY 1, 2`,
  ]);
  expect(hours).toEqual(counted);
  expect(steps).toEqual(stepCounted);
};

beforeAll(async () => {
  const admin = await signedIn({ roles: ['admin'], name: '总编' });
  adminToken = admin.token;
  adminName = admin.user.name;
  ids.A = await createClass(adminToken, { name: '新闻' });
  ids.B = await createClass(adminToken, { name: '公告' });
  ids.P = await createClass(adminToken, {
    name: '审批',
    class_type: '4',
    content_fileds: { process: STEPS },
  });
  ids.hidden = await createClass(adminToken, { name: '隐藏栏目', is_show: 0 });
  ids.page = await createClass(adminToken, { name: '关于我们', class_type: '1' });
});

describe('get_home_overview', () => {
  it('counts each visible list category, its changes of the last 7 days and a process category per step', async () => {
    const a1 = await createNews(adminToken, { class_id: ids.A, title: '甲一' });
    await createNews(adminToken, { class_id: ids.A, title: '甲二' });
    const old = await createNews(adminToken, { class_id: ids.A, title: '甲旧' });
    await createNews(adminToken, { class_id: ids.B, title: '乙一' });
    await createNews(adminToken, { class_id: ids.hidden, title: '藏' });
    const p1 = await createNews(adminToken, { class_id: ids.P, title: '批一' });
    const p2 = await createNews(adminToken, { class_id: ids.P, title: '批二' });
    await createNews(adminToken, { class_id: ids.P, title: '批三' });
    await addRecord(adminToken, { news_id: p1, process: 1 });
    await addRecord(adminToken, { news_id: p2, process: 1 });
    const second = await addRecord(adminToken, { news_id: p2, process: 2 });
    // An item last changed 8 days ago no longer counts as changed this week.
    const db = await getDb();
    await db.$executeRaw`UPDATE news SET updated_at = now() - interval '8 days' WHERE id = ${old}`;

    const data = await overview(adminToken);
    // Visible list categories in the menu's order: no hidden one, no single page.
    expect(data.classes.map((c) => c.id)).toEqual([ids.A, ids.B, ids.P]);
    expect(classOf(data, ids.A)).toEqual({
      id: ids.A,
      name: '新闻',
      class_type: '0',
      total: 3,
      changed_7d: 2,
    });
    expect(classOf(data, ids.B)).toMatchObject({ total: 1, changed_7d: 1 });
    expect(classOf(data, ids.P)).toMatchObject({
      total: 3,
      steps: [
        { value: 0, title: '未开始', count: 1 },
        { value: 1, title: '受理', count: 1 },
        { value: 2, title: '审核', count: 1 },
        { value: 3, title: '办结', count: 0 },
      ],
    });
    // The latest changes, newest first, with who and what; the hidden category's are not among them.
    expect(data.latest[0]).toMatchObject({
      news_id: p2,
      class_id: ids.P,
      title: '批二',
      action: 'process',
      user_name: adminName,
      open_class_id: ids.P,
    });
    expect(data.latest.some((change) => change.title === '藏')).toBe(false);
    expect(data.latest).toHaveLength(10);
    expect(data.recycle).toEqual({ total: 0, capped: false });

    // A record deleted: the item is back at step 1.
    await delProcess(adminToken, { id: second });
    expect(classOf(await overview(adminToken), ids.P)?.steps?.[2]).toMatchObject({ value: 2, count: 0 });
    await expectTalliesExact();

    // A save, a lock, a move and a delete, each followed by the counters.
    await saveNews(adminToken, { id: old, class_id: ids.A, title: '甲旧（改）' });
    expect(classOf(await overview(adminToken), ids.A)).toMatchObject({ total: 3, changed_7d: 3 });
    await call(lockNewsRoute, { method: 'POST', token: adminToken, body: { id: a1, is_lock: 1 } });
    await call(lockNewsRoute, { method: 'POST', token: adminToken, body: { id: a1, is_lock: 0 } });
    const moved = await call(moveNewsRoute, {
      method: 'POST',
      token: adminToken,
      body: { ids: [old], class_id: ids.B },
    });
    expect(moved.body.code).toBe(200);
    const afterMove = await overview(adminToken);
    expect(classOf(afterMove, ids.A)).toMatchObject({ total: 2, changed_7d: 2 });
    expect(classOf(afterMove, ids.B)).toMatchObject({ total: 2, changed_7d: 2 });
    expect(afterMove.latest[0]).toMatchObject({
      news_id: old,
      action: 'move',
      class_id: ids.B,
      title: '甲旧（改）',
    });
    const deleted = await call(delNewsRoute, { method: 'DELETE', token: adminToken, body: { id: a1 } });
    expect(deleted.body.code).toBe(200);
    const afterDelete = await overview(adminToken);
    expect(classOf(afterDelete, ids.A)).toMatchObject({ total: 1, changed_7d: 1 });
    expect(afterDelete.recycle).toEqual({ total: 1, capped: false });
    // The deletion is the latest change; the item is in the 回收站 now, so it opens nowhere.
    expect(afterDelete.latest[0]).toMatchObject({ news_id: a1, action: 'delete', open_class_id: null });
    expect(afterDelete.latest).toHaveLength(10);
    await expectTalliesExact();
  });

  it('shows an editor limited to one category nothing of the others', async () => {
    const user = await createUser({ roles: ['news_content'] });
    const db = await getDb();
    await db.adminUser.update({ where: { id: user.id }, data: { classIds: [ids.B] } });
    const token = await loginAs(user);
    const data = await overview(token);
    expect(data.classes.map((c) => c.id)).toEqual([ids.B]);
    expect(data.latest.length).toBeGreaterThan(0);
    expect(data.latest.every((change) => change.class_id === ids.B)).toBe(true);
    expect(JSON.stringify(data)).not.toMatch(/新闻|审批|甲一|批二/);
    // The one item in the 回收站 was in 新闻: not counted for this editor.
    expect(data.recycle).toEqual({ total: 0, capped: false });
  });

  it('answers a user without the content role 403 and one limited to nothing visible an empty overview', async () => {
    const { token: outsider } = await signedIn({ roles: ['manage_user'] });
    const refused = await call(overviewRoute, { token: outsider });
    expect(refused.status).toBe(403);
    const user = await createUser({ roles: ['news_content'] });
    const db = await getDb();
    await db.adminUser.update({ where: { id: user.id }, data: { classIds: [ids.hidden] } });
    expect(await overview(await loginAs(user))).toEqual({
      classes: [],
      latest: [],
      recycle: { total: 0, capped: false },
      sensitive: { has_words: false, classes: [], items: [] },
    });
  });

  it('keeps the counters exact through a bulk insert, update and delete by hand', async () => {
    const db = await getDb();
    await db.$executeRaw`
      INSERT INTO news (class_id, title, process, updated_at)
      SELECT CASE WHEN g % 2 = 0 THEN ${ids.A}::int ELSE ${ids.P}::int END, '批量' || g, g % 3,
             now() - make_interval(hours => g * 7)
      FROM generate_series(1, 60) g`;
    await expectTalliesExact();
    await db.$executeRaw`
      UPDATE news SET updated_at = CASE WHEN id % 2 = 0 THEN now() ELSE updated_at END,
        process = CASE WHEN id % 5 = 0 THEN 1 ELSE process END,
        class_id = CASE WHEN id % 7 = 0 AND class_id = ${ids.A}::int THEN ${ids.B}::int ELSE class_id END
      WHERE title LIKE '批量%'`;
    await expectTalliesExact();
    await db.$executeRaw`DELETE FROM news WHERE title LIKE '批量%' AND id % 3 = 0`;
    await expectTalliesExact();
  });

  it('lists no revision removed beyond revision_keep among the latest changes', async () => {
    const db = await getDb();
    await setRevisionKeep(2);
    try {
      const category = await createClass(adminToken, { name: '常改' });
      const id = await createNews(adminToken, { class_id: category, title: '版本1' });
      for (let n = 2; n <= 5; n += 1)
        await saveNews(adminToken, { id, class_id: category, title: `版本${n}` });
      // Revisions 1–3 are removed; their rows stay until revision 8 (migration 20261209000000).
      const [{ n: rows }] = await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM news_revision WHERE news_id = ${id}`;
      expect(rows).toBe(5);
      const data = await overview(adminToken);
      expect(data.latest.filter((change) => change.news_id === id).map((change) => change.rev)).toEqual([
        5, 4,
      ]);
      expect(data.latest.slice(0, 2).map((change) => [change.news_id, change.rev])).toEqual([
        [id, 5],
        [id, 4],
      ]);
    } finally {
      await setRevisionKeep(50);
    }
  });
});
