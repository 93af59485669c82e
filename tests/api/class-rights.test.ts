import { GET as classRouterRoute } from '@/app/api/v1/manage/class_manage/get_class_router/route';
import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { GET as exportRoute } from '@/app/api/v1/manage/news_manage/export_news/route';
import { GET as classInfoRoute } from '@/app/api/v1/manage/news_manage/get_calss_info/route';
import { GET as newsListRoute } from '@/app/api/v1/manage/news_manage/get_news_list/route';
import { GET as newsOneRoute } from '@/app/api/v1/manage/news_manage/get_news_one/route';
import { GET as outOptionsRoute } from '@/app/api/v1/manage/news_manage/get_out_options/route';
import { POST as lockNewsRoute } from '@/app/api/v1/manage/news_manage/lock_news/route';
import { POST as moveNewsRoute } from '@/app/api/v1/manage/news_manage/move_news/route';
import { POST as saveClassInfoRoute } from '@/app/api/v1/manage/news_manage/save_class_info/route';
import { getDb } from '@/lib/db/client';
import { call, type ApiResult } from '../helpers/api';
import { createClass } from '../helpers/categories';
import { saveUser } from '../helpers/manage-user';
import { createNews, saveNews } from '../helpers/news';
import {
  addRecord,
  delProcess,
  hrStatus,
  processFlow,
  processList,
  processSteps,
  saveProcess,
} from '../helpers/process';
import { isPostgresRun } from '../helpers/db-kind';
import { loginAs, signedIn } from '../helpers/users';

const STEPS = [
  { title: '受理', value: 1 },
  { title: '办结', value: 2 },
];
const processClass = (name: string, parentId: number | null = null) =>
  createClass(adminToken, { name, parent_id: parentId, class_type: '4', content_fileds: { process: STEPS } });

let adminToken: string;
// A (permitted) ⊃ A1 (its child, covered) · B (forbidden) · R (forbidden) ⊃ X (permitted to a second user)
const ids = { A: 0, A1: 0, B: 0, R: 0, X: 0, Y: 0, pageA: 0, pageB: 0 };
let limited: { id: number; username: string; password: string; token: string };

const q = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));

/** Everything the calls below could change, to prove a refused call changed nothing. */
const snapshot = async () => {
  const db = await getDb();
  const [news, records, classes] = await Promise.all([
    db.news.findMany({ orderBy: { id: 'asc' } }),
    db.newsProcess.findMany({ orderBy: { id: 'asc' } }),
    db.newsClass.findMany({ orderBy: { id: 'asc' } }),
  ]);
  return JSON.stringify({ news, records, classes });
};

const setClassIds = async (userId: number, classIds: number[]) => {
  const db = await getDb();
  await db.adminUser.update({ where: { id: userId }, data: { classIds } });
};

const expectForbidden = (result: ApiResult) => {
  expect(result.status).toBe(403);
  expect(result.body).toMatchObject({ code: 403, message: '没有该栏目的权限' });
};

const menuIds = async (token: string) => {
  type Route = { meta: { class_id: number }; children?: Route[] };
  const result = await call<Route[]>(classRouterRoute, { token });
  expect(result.body.code).toBe(200);
  const walk = (routes: Route[]): unknown[] =>
    routes.map((route) =>
      route.children ? [route.meta.class_id, walk(route.children)] : route.meta.class_id,
    );
  return walk(result.body.data);
};

const exportStatus = async (token: string, classId: number) => {
  const url = `http://127.0.0.1:3000/api/v1/manage/news_manage/export_news?class_id=${classId}`;
  const response = await exportRoute(new Request(url, { headers: { 'x-token': token } }));
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? ((await response.json()) as { code: number }).code : response.status;
};

beforeAll(async () => {
  ({ token: adminToken } = await signedIn({ roles: ['admin'] }));
  ids.A = await processClass('甲栏目');
  ids.A1 = await processClass('甲的子栏目', ids.A);
  ids.B = await processClass('乙栏目');
  ids.R = await createClass(adminToken, { name: '上级' });
  ids.X = await createClass(adminToken, { name: '下级一', parent_id: ids.R });
  ids.Y = await createClass(adminToken, { name: '下级二', parent_id: ids.R });
  ids.pageA = await createClass(adminToken, { name: '甲的单页', parent_id: ids.A, class_type: '1' });
  ids.pageB = await createClass(adminToken, { name: '乙的单页', class_type: '1' });
  const { user, token } = await signedIn({ roles: ['news_content'], name: '受限编辑' });
  await setClassIds(user.id, [ids.A]);
  limited = { id: user.id, username: user.username, password: user.password, token };
});

describe('a user limited to one category (and so its child)', () => {
  it('works in the category and in its child: list, read, save, lock, move, export, process, delete', async () => {
    const { token } = limited;
    for (const classId of [ids.A, ids.A1]) {
      const id = await createNews(token, { class_id: classId, title: '可以' });
      const list = await call<{ data: { id: number }[] }>(newsListRoute, {
        token,
        query: q({ class_id: classId }),
      });
      expect(list.body.data.data.map((row) => row.id)).toContain(id);
      expect((await call(newsOneRoute, { token, query: q({ id }) })).body.code).toBe(200);
      expect((await saveNews(token, { id, class_id: classId, title: '改过' })).body.code).toBe(200);
      expect((await call(classInfoRoute, { token, query: q({ id: classId }) })).body.code).toBe(200);
      expect((await call(outOptionsRoute, { token, query: q({ class_id: classId }) })).body.code).toBe(200);
      expect(await exportStatus(token, classId)).toBe(200);
      const record = await addRecord(token, { news_id: id, process: 1 });
      expect((await processSteps(token, { id })).body.code).toBe(200);
      expect((await processList(token, { id })).body.data).toHaveLength(1);
      expect((await hrStatus(token, { class_id: classId })).body.code).toBe(200);
      expect((await processFlow(token, { class_id: classId })).body.code).toBe(200);
      expect(
        (await saveProcess(token, { id: record, news_id: id, process: 1, title: '改', time: 1 })).body.code,
      ).toBe(200);
      expect((await delProcess(token, { id: record })).body.code).toBe(200);
      const lock = (isLock: 0 | 1) =>
        call(lockNewsRoute, { method: 'POST', token, body: { id, is_lock: isLock } });
      expect((await lock(1)).body.code).toBe(200);
      expect((await lock(0)).body.code).toBe(200);
      const other = classId === ids.A ? ids.A1 : ids.A;
      const moved = await call(moveNewsRoute, {
        method: 'POST',
        token,
        body: { ids: [id], class_id: other },
      });
      expect(moved.body.code).toBe(200);
      expect((await call(delNewsRoute, { method: 'DELETE', token, body: { id } })).body.code).toBe(200);
    }
    const page = await call(saveClassInfoRoute, { method: 'POST', token, body: { id: ids.pageA } });
    expect(page.body.code).toBe(200);
  });

  it('gets 403 with nothing changed for every call on another category, even guessing ids', async () => {
    const { token } = limited;
    const own = await createNews(token, { class_id: ids.A, title: '自己的' });
    const foreign = await createNews(adminToken, { class_id: ids.B, title: '别人的' });
    const record = await addRecord(adminToken, { news_id: foreign, process: 1 });
    const before = await snapshot();

    expectForbidden(await call(newsListRoute, { token, query: q({ class_id: ids.B }) }));
    expectForbidden(await call(newsOneRoute, { token, query: q({ id: foreign }) }));
    expectForbidden(await saveNews(token, { class_id: ids.B, title: '新增到乙' }));
    expectForbidden(await saveNews(token, { id: foreign, class_id: ids.B, title: '改乙' }));
    // The item of B named under A's id: the item's own category counts.
    expectForbidden(await saveNews(token, { id: foreign, class_id: ids.A, title: '改乙' }));
    expectForbidden(await call(delNewsRoute, { method: 'DELETE', token, body: { id: foreign } }));
    // A batch holding one forbidden item deletes none of them.
    expectForbidden(await call(delNewsRoute, { method: 'DELETE', token, body: { ids: [own, foreign] } }));
    expectForbidden(await call(lockNewsRoute, { method: 'POST', token, body: { id: foreign, is_lock: 1 } }));
    expectForbidden(
      await call(moveNewsRoute, { method: 'POST', token, body: { ids: [foreign], class_id: ids.A } }),
    );
    expectForbidden(
      await call(moveNewsRoute, { method: 'POST', token, body: { ids: [own], class_id: ids.B } }),
    );
    expectForbidden(
      await call(moveNewsRoute, { method: 'POST', token, body: { ids: [own, foreign], class_id: ids.A1 } }),
    );
    expect(await exportStatus(token, ids.B)).toBe(403);
    expectForbidden(await call(outOptionsRoute, { token, query: q({ class_id: ids.B }) }));
    expectForbidden(await call(classInfoRoute, { token, query: q({ id: ids.pageB }) }));
    expectForbidden(await call(saveClassInfoRoute, { method: 'POST', token, body: { id: ids.pageB } }));
    expectForbidden(await processSteps(token, { id: foreign }));
    expectForbidden(await processList(token, { id: foreign }));
    expectForbidden(await hrStatus(token, { class_id: ids.B }));
    expectForbidden(await processFlow(token, { class_id: ids.B }));
    expectForbidden(await saveProcess(token, { news_id: foreign, process: 2, title: '越权', time: 1 }));
    // B's record named with A's item: the record's own item counts.
    expectForbidden(
      await saveProcess(token, { id: record, news_id: own, process: 1, title: '越权', time: 1 }),
    );
    expectForbidden(await delProcess(token, { id: record }));

    expect(await snapshot()).toBe(before);
  });

  it('keeps the 404 of unknown ids', async () => {
    const { token } = limited;
    expect((await call(newsOneRoute, { token, query: q({ id: 99_999_999 }) })).status).toBe(404);
    expect((await call(newsListRoute, { token, query: q({ class_id: 99_999_999 }) })).status).toBe(404);
    expect((await delProcess(token, { id: 99_999_999 })).status).toBe(404);
  });

  it('sees only its categories in get_class_router; an ancestor shows as a parent and grants nothing', async () => {
    expect(await menuIds(limited.token)).toEqual([[ids.A, [ids.A1, ids.pageA]]]);
    const { user, token } = await signedIn({ roles: ['news_content'] });
    await setClassIds(user.id, [ids.X]);
    expect(await menuIds(token)).toEqual([[ids.R, [ids.X]]]);
    // The ancestor is marked, so the move dialog does not offer it as a target.
    const [parent] = (
      await call<{ meta: object; children: { meta: object }[] }[]>(classRouterRoute, { token })
    ).body.data;
    expect(parent.meta).toMatchObject({ class_id: ids.R, parent_only: true });
    expect(parent.children[0].meta).not.toHaveProperty('parent_only');
    expect((await call(newsListRoute, { token, query: q({ class_id: ids.X }) })).body.code).toBe(200);
    expectForbidden(await call(newsListRoute, { token, query: q({ class_id: ids.R }) }));
    expectForbidden(await call(newsListRoute, { token, query: q({ class_id: ids.Y }) }));
  });
});

describe('a move committed while a write waits', () => {
  // The rights of a write are checked under the item's row lock, where it is by then. On
  // PostgreSQL the call is seen waiting for the lock (pg_stat_activity) before the move commits; PGlite has
  // one connection, so there the call simply runs after the move.
  const waitForLockWait = async () => {
    const db = await getDb();
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      const [{ waiting }] = await db.$queryRaw<{ waiting: number }[]>`
        SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      if (waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the call never waited for the row lock');
  };

  it.each([
    [
      'lock_news',
      (id: number) => call(lockNewsRoute, { method: 'POST', token: limited.token, body: { id, is_lock: 1 } }),
    ],
    [
      'del_news',
      (id: number) => call(delNewsRoute, { method: 'DELETE', token: limited.token, body: { id } }),
    ],
    [
      'move_news',
      (id: number) =>
        call(moveNewsRoute, { method: 'POST', token: limited.token, body: { ids: [id], class_id: ids.A1 } }),
    ],
  ])(
    '%s on an item moved out of the user’s categories meanwhile: 403, nothing changed',
    async (_name, write) => {
      const id = await createNews(adminToken, { class_id: ids.A, title: '正在移走' });
      const db = await getDb();
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let moved = () => {};
      const isMoved = new Promise<void>((resolve) => {
        moved = resolve;
      });
      const mover = db.$transaction(
        async (tx) => {
          await tx.$executeRaw`UPDATE news SET class_id = ${ids.B} WHERE id = ${id}`;
          moved();
          await released;
        },
        { timeout: 20_000 },
      );
      await isMoved;
      const result = write(id);
      if (isPostgresRun) await waitForLockWait();
      release();
      await mover;
      expectForbidden(await result);
      expect(await db.news.findUnique({ where: { id }, select: { classId: true, isLock: true } })).toEqual({
        classId: ids.B,
        isLock: false,
      });
    },
  );
});

describe('unlimited users, admins and changes', () => {
  it('an unlimited news_content user and an admin see and work in every category', async () => {
    const { token } = await signedIn({ roles: ['news_content'] });
    const all = [[ids.A, [ids.A1, ids.pageA]], ids.B, [ids.R, [ids.X, ids.Y]], ids.pageB];
    expect(await menuIds(token)).toEqual(all);
    expect(await menuIds(adminToken)).toEqual(all);
    const { user, token: adminLimited } = await signedIn({ roles: ['admin'] });
    // class_ids on an admin changes nothing: the role has every category.
    await setClassIds(user.id, [ids.A]);
    expect(await menuIds(adminLimited)).toEqual(all);
    for (const who of [token, adminLimited]) {
      const id = await createNews(who, { class_id: ids.B, title: '都行' });
      expect((await call(newsOneRoute, { token: who, query: q({ id }) })).body.code).toBe(200);
      expect((await call(delNewsRoute, { method: 'DELETE', token: who, body: { id } })).body.code).toBe(200);
    }
  });

  it('a rights change counts on the next call (save_user also ends the sessions)', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    await setClassIds(user.id, [ids.B]);
    expectForbidden(await call(newsListRoute, { token, query: q({ class_id: ids.A }) }));
    await setClassIds(user.id, []);
    expect((await call(newsListRoute, { token, query: q({ class_id: ids.A }) })).body.code).toBe(200);

    const saved = await saveUser(adminToken, {
      id: user.id,
      username: user.username,
      name: user.name,
      roles: ['news_content'],
      class_ids: [ids.B],
    });
    expect(saved.body.code).toBe(200);
    expect((await call(newsListRoute, { token, query: q({ class_id: ids.B }) })).body.code).toBe(50012);
    const fresh = await loginAs(user);
    expectForbidden(await call(newsListRoute, { token: fresh, query: q({ class_id: ids.A }) }));
    expect((await call(newsListRoute, { token: fresh, query: q({ class_id: ids.B }) })).body.code).toBe(200);
    expect(await menuIds(fresh)).toEqual([ids.B]);
  });
});
