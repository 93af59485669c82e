import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fieldDef } from './support/field-fixtures';
import {
  ADMIN_PASSWORD,
  SESSION_CACHE_MS,
  api,
  login,
  msUntil,
  startCluster,
  type Cluster,
} from './support/instances-cluster';

// Several instances on one PostgreSQL database and one S3 store behave as one: everything below
// goes over real HTTP to two servers started from the production build at the same moment.
// Needs a PostgreSQL server (TEST_DATABASE_URL, as the jest PostgreSQL project).
const adminUrl = process.env.TEST_DATABASE_URL;
// A change made by another process may be seen this much later than the cache's own limit (the
// polling and the calls themselves, on a busy two-core machine).
const SLACK_MS = 1500;
const FIELD = fieldDef({ key: 'field', title: '字段', showlist: true, search: true });

test.describe('两个实例共用一个数据库和一个 S3', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });
  test.skip(!adminUrl, '需要 PostgreSQL（设置 TEST_DATABASE_URL）');
  let cluster: Cluster;
  let admin: string;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    cluster = await startCluster({ adminUrl: adminUrl as string });
    admin = await login(cluster.a, 'admin', ADMIN_PASSWORD);
  });
  test.afterAll(async () => {
    await cluster?.stop();
  });

  const saveNews = async (instance: Cluster['a'], body: Record<string, unknown>) => {
    const saved = await api<{ id: number }>(instance, 'news_manage/save_news_info', { token: admin, body });
    expect(saved.code, saved.message).toBe(200);
    return saved.data.id;
  };

  const createUser = async (username: string) => {
    const password = 'Passw0rd!x';
    const saved = await api<{ id: number }>(cluster.a, 'manage_user/save_user', {
      token: admin,
      body: { username, name: username, roles: ['news_content'], password },
    });
    expect(saved.code, saved.message).toBe(200);
    return { id: saved.data.id, username, password };
  };

  test('同时启动：迁移只执行一次，管理员只创建一个', async () => {
    const folders = fs
      .readdirSync(path.join(__dirname, '..', '..', 'prisma', 'migrations'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory());
    const applied = await cluster.sql<{ migration_name: string; n: number; done: boolean }>(
      'SELECT migration_name, count(*)::int AS n, bool_and(finished_at IS NOT NULL) AS done FROM _prisma_migrations GROUP BY 1',
    );
    expect(applied).toHaveLength(folders.length);
    expect(applied.every((row) => row.n === 1 && row.done)).toBe(true);
    expect(await cluster.sql('SELECT id FROM admin_user')).toHaveLength(1);
  });

  test('一个实例签发的 token 和页面会话 Cookie 在另一个实例上同样有效', async () => {
    const response = await fetch(`${cluster.a.base}/api/v1/manage/login/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const { data } = (await response.json()) as { data: { token: string } };
    expect((await api(cluster.b, 'login/info', { token: data.token })).data).toMatchObject({
      username: 'admin',
    });
    // The pages are guarded by the sealed cookie: B must open what A sealed (no SESSION_SECRET set).
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^cms_session=./);
    const page = await fetch(`${cluster.b.base}/home`, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
    const signedOut = await fetch(`${cluster.b.base}/home`, { redirect: 'manual' });
    expect(signedOut.status).toBe(307);
  });

  test('退出登录、修改密码、停用账号：另一个实例在 SESSION_CACHE_MS 内拒绝该会话', async () => {
    const refusedOnB = (token: string, code: number) => async () =>
      (await api(cluster.b, 'login/info', { token })).code === code;
    // Sign-out on A.
    const mine = await login(cluster.a, 'admin', ADMIN_PASSWORD);
    expect((await api(cluster.b, 'login/info', { token: mine })).code).toBe(200);
    expect((await api(cluster.a, 'login/logout', { token: mine, body: {} })).code).toBe(200);
    expect(await msUntil(refusedOnB(mine, 50008))).toBeLessThan(SESSION_CACHE_MS + SLACK_MS);
    // A password change on A ends the user's other sessions, the one used on B included.
    const writer = await createUser('writer_pw');
    const onA = await login(cluster.a, writer.username, writer.password);
    const onB = await login(cluster.b, writer.username, writer.password);
    expect((await api(cluster.b, 'login/info', { token: onB })).code).toBe(200);
    const changed = await api(cluster.a, 'login/change_password', {
      token: onA,
      body: { old_password: writer.password, new_password: 'N3w-passw0rd!' },
    });
    expect(changed.code, changed.message).toBe(200);
    expect(await msUntil(refusedOnB(onB, 50012))).toBeLessThan(SESSION_CACHE_MS + SLACK_MS);
    // An admin on A disables a user signed in on B.
    const editor = await createUser('editor_off');
    const editorOnB = await login(cluster.b, editor.username, editor.password);
    expect((await api(cluster.b, 'login/info', { token: editorOnB })).code).toBe(200);
    const disabled = await api(cluster.a, 'manage_user/save_user', {
      token: admin,
      body: {
        id: editor.id,
        username: editor.username,
        name: editor.username,
        roles: ['news_content'],
        is_disabled: true,
      },
    });
    expect(disabled.code, disabled.message).toBe(200);
    expect(await msUntil(refusedOnB(editorOnB, 50012))).toBeLessThan(SESSION_CACHE_MS + SLACK_MS);
  });

  test('登录失败次数跨实例累计：分散在两个实例上的失败同样触发限制', async () => {
    const user = await createUser('throttled_user');
    // 5 failures allowed (系统设置's default), spread 3 + 2: neither instance saw 5 on its own.
    for (const instance of [cluster.a, cluster.b, cluster.a, cluster.b, cluster.a]) {
      const failed = await api(instance, 'login/login', {
        body: { username: user.username, password: 'Wrong-pass-1' },
      });
      expect(failed.code).toBe(60204);
    }
    // Now even the right password is refused, on either instance.
    for (const instance of [cluster.b, cluster.a]) {
      const refused = await api(instance, 'login/login', {
        body: { username: user.username, password: user.password },
      });
      expect(refused.status).toBe(429);
    }
  });

  test('在一个实例保存的系统设置，另一个实例在 1 秒内生效', async () => {
    const current = await api<Record<string, unknown>>(cluster.b, 'system_set/get_system_set', {
      token: admin,
    });
    expect(current.data.title).not.toBe('多实例后台');
    const saved = await api(cluster.a, 'system_set/save_system_set', {
      token: admin,
      body: { ...current.data, title: '多实例后台' },
    });
    expect(saved.code, saved.message).toBe(200);
    const seen = async () =>
      (await api<{ title: string }>(cluster.b, 'system_set/get_system_set', { token: admin })).data.title ===
      '多实例后台';
    expect(await msUntil(seen)).toBeLessThan(1000 + SLACK_MS);
  });
  test('栏目或字段结构在一个实例上修改，另一个实例的下一次调用即按新结构', async () => {
    const field = (key: string, title: string) => ({ ...FIELD, key, title });
    const saveClass = (body: Record<string, unknown>) =>
      api<{ id: number }>(cluster.a, 'class_manage/save_class', { token: admin, body });
    const created = await saveClass({
      name: '结构',
      key: 'schema_x',
      content_fileds: { list: [field('author', '作者')] },
    });
    expect(created.code, created.message).toBe(200);
    const classId = created.data.id;
    for (const [title, author] of [
      ['甲', '张'],
      ['乙', '李'],
    ])
      await saveNews(cluster.a, { class_id: classId, title, author });
    const listOnB = (query = '') =>
      api<{ data: Record<string, unknown>[]; total: number }>(
        cluster.b,
        `news_manage/get_news_list?class_id=${classId}&page=1&limit=10${query}`,
        { token: admin },
      );
    // B caches the category with only `author`: a `color` filter means nothing to it yet.
    expect((await listOnB('&color=red')).data.total).toBe(2);
    const changed = await saveClass({
      id: classId,
      name: '结构',
      key: 'schema_x',
      content_fileds: { list: [field('author', '作者'), field('color', '颜色')] },
    });
    expect(changed.code, changed.message).toBe(200);
    await saveNews(cluster.a, { class_id: classId, title: '丙', author: '王', color: 'red' });
    // B's very next call filters by the new field and shows it.
    const next = await listOnB('&color=red');
    expect(next.data.total).toBe(1);
    expect(next.data.data[0]).toMatchObject({ title: '丙', color: 'red' });
  });

  test('列表缓存（分段键、筛选总数、少量匹配的 id）跟得上另一个实例的修改', async () => {
    const created = await api<{ id: number }>(cluster.a, 'class_manage/save_class', {
      token: admin,
      body: { name: '大栏目', key: 'big_list' },
    });
    const classId = created.data.id;
    // 1,100 items straight into the database (setup only); every check below is over HTTP.
    await cluster.sql(
      `INSERT INTO news (class_id, title, new_time, updated_at)
       SELECT $1, CASE WHEN g % 400 = 7 THEN '稀有条目' ELSE '常见条目' END || g, now() - make_interval(secs => g), now()
       FROM generate_series(1, 1100) g`,
      [classId],
    );
    const truth = async (offset: number) =>
      (
        await cluster.sql<{ id: number }>(
          'SELECT id FROM news WHERE class_id = $1 ORDER BY new_time DESC, id DESC OFFSET $2 LIMIT 10',
          [classId, offset],
        )
      ).map((row) => row.id);
    const listOnB = async (query: string) =>
      (
        await api<{ data: { id: number; title: string }[]; total: number }>(
          cluster.b,
          `news_manage/get_news_list?class_id=${classId}&limit=10&${query}`,
          { token: admin },
        )
      ).data;
    const deepIds = async () => (await listOnB('page=101')).data.map((row) => row.id);
    // Page 101 starts from a boundary key B keeps; twice, so the second call uses the kept one.
    expect(await deepIds()).toEqual(await truth(1000));
    expect(await deepIds()).toEqual(await truth(1000));
    // Rare matches (3): counted, then their ids kept; common ones: counted, then walked.
    for (let i = 0; i < 2; i += 1) {
      expect((await listOnB(`page=1&title=${encodeURIComponent('稀有')}`)).total).toBe(3);
      expect((await listOnB(`page=1&title=${encodeURIComponent('常见')}`)).total).toBe(1097);
    }
    // A adds the newest item, a rare match: everything B kept has moved.
    const added = await saveNews(cluster.a, { class_id: classId, title: '稀有新条目' });
    expect(await deepIds()).toEqual(await truth(1000));
    const rare = await listOnB(`page=1&title=${encodeURIComponent('稀有')}`);
    expect(rare.total).toBe(4);
    expect(rare.data[0].id).toBe(added);
    // A deletes a common match.
    const [common] = await cluster.sql<{ id: number }>(
      `SELECT id FROM news WHERE class_id = $1 AND title LIKE '常见%' ORDER BY id LIMIT 1`,
      [classId],
    );
    const deleted = await api(cluster.a, 'news_manage/del_news', {
      token: admin,
      method: 'DELETE',
      body: { id: common.id },
    });
    expect(deleted.code, deleted.message).toBe(200);
    expect((await listOnB(`page=1&title=${encodeURIComponent('常见')}`)).total).toBe(1096);
    expect(await deepIds()).toEqual(await truth(1000));
  });

  test('另一个实例的迁移改了列类型后，预编译语句重新准备，不报错', async () => {
    const [{ id: classId }] = await cluster.sql<{ id: number }>(
      `SELECT id FROM news_class WHERE key = 'big_list'`,
    );
    const list = (instance: typeof cluster.a) =>
      api<{ total: number }>(instance, `news_manage/get_news_list?class_id=${classId}&page=2&limit=10`, {
        token: admin,
      });
    const calls = () =>
      Promise.all([cluster.a, cluster.b, cluster.a, cluster.b, cluster.a, cluster.b].map(list));
    const [{ n }] = await cluster.sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM news WHERE class_id = $1',
      [classId],
    );
    for (const answer of await calls()) expect(answer.data.total).toBe(n);
    // What a newer version's migration would run while these two are still serving.
    await cluster.sql('ALTER TABLE news ALTER COLUMN short_title TYPE varchar(600)');
    for (const answer of await calls()) {
      expect(answer.code, answer.message).toBe(200);
      expect(answer.data.total).toBe(n);
    }
  });

  test('在一个实例上传的文件，存于共用的 S3，另一个实例可以删除', async () => {
    const form = new FormData();
    form.append('kind', 'file');
    form.append('file', new Blob(['多实例上传的内容\n'], { type: 'text/plain' }), 'note.txt');
    const response = await fetch(`${cluster.a.base}/api/v1/manage/news_manage/upload_one_file`, {
      method: 'POST',
      headers: { 'x-token': admin },
      body: form,
    });
    const uploaded = (await response.json()) as { code: number; data: string };
    expect(uploaded.code).toBe(200);
    expect(uploaded.data.startsWith(cluster.s3.env.S3_PUBLIC_URL)).toBe(true);
    expect(await (await fetch(uploaded.data)).text()).toBe('多实例上传的内容\n');
    const name = uploaded.data.split('/').pop() as string;
    const removed = await api(cluster.b, 'news_manage/del_oss_file', { token: admin, body: { name } });
    expect(removed.code, removed.message).toBe(200);
    expect((await fetch(uploaded.data)).status).toBe(404);
  });

  test('每个回答都带 X-Request-Id：代理给的就沿用，请求日志记下用户', async () => {
    const answer = await api(cluster.b, 'login/info', {
      token: admin,
      headers: { 'x-request-id': 'lb-7f3a-0001' },
    });
    expect(answer.headers.get('x-request-id')).toBe('lb-7f3a-0001');
    const [adminRow] = await cluster.sql<{ id: number }>(
      `SELECT id FROM admin_user WHERE username = 'admin'`,
    );
    await expect
      .poll(() => cluster.b.lines.find((line) => line.reqId === 'lb-7f3a-0001'))
      .toMatchObject({
        msg: 'request',
        method: 'GET',
        path: '/api/v1/manage/login/info',
        status: 200,
        userId: adminRow.id,
      });
    const odd = await api(cluster.a, 'login/info', {
      token: admin,
      headers: { 'x-request-id': 'not sane!' },
    });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const page = await fetch(`${cluster.a.base}/login`);
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // No token ever reaches a log line.
    expect(JSON.stringify([...cluster.a.lines, ...cluster.b.lines])).not.toContain(admin);
  });
});
