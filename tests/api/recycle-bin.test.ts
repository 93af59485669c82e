import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { DELETE as delClassRoute } from '@/app/api/v1/manage/class_manage/del_class/route';
import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { GET as exportRoute } from '@/app/api/v1/manage/news_manage/export_news/route';
import { GET as newsListRoute } from '@/app/api/v1/manage/news_manage/get_news_list/route';
import { GET as newsOneRoute } from '@/app/api/v1/manage/news_manage/get_news_one/route';
import { GET as outOptionsRoute } from '@/app/api/v1/manage/news_manage/get_out_options/route';
import { GET as recycleListRoute } from '@/app/api/v1/manage/news_manage/get_recycle_list/route';
import { DELETE as purgeNewsRoute } from '@/app/api/v1/manage/news_manage/purge_news/route';
import { POST as restoreNewsRoute } from '@/app/api/v1/manage/news_manage/restore_news/route';
import { CLASS_FORBIDDEN } from '@/lib/auth/class-rights';
import { getDb } from '@/lib/db/client';
import { NEWS_COLUMNS, NEWS_PROCESS_COLUMNS } from '@/lib/recycle/columns';
import { NOT_IN_BIN, SAME_TYPE_ONLY } from '@/lib/recycle/restore-news';
import { purgeExpiredItems, RETENTION_LOCK } from '@/lib/recycle/retention';
import { forgetSystemSettings } from '@/lib/settings/system-settings';
import { call } from '../helpers/api';
import { entriesOf } from '../helpers/audit';
import { createClass, field } from '../helpers/categories';
import { isPostgresRun } from '../helpers/db-kind';
import { dataFingerprint } from '../helpers/fingerprint';
import { createNews } from '../helpers/news';
import { addRecord, hrStatus, processList, storedProcess } from '../helpers/process';
import { loginAs, signedIn } from '../helpers/users';

// The 回收站 (issue 22): del_news moves items to news_trash; get_recycle_list, restore_news and
// purge_news (role news_purge) work on it; 系统设置 recycle_days purges by age (lib/recycle/).

type Item = Record<string, unknown> & { id: number };
type BinEntry = {
  id: number;
  class_id: number;
  class_name: string;
  class_type: string;
  is_class_gone: boolean;
  title: string;
  deleted_at: number;
  deleted_by_name: string;
};

let token: string;
let userName: string;

beforeAll(async () => {
  const signed = await signedIn({ roles: ['news_content', 'class_manage', 'news_purge'], name: '回收员' });
  token = signed.token;
  userName = signed.user.name;
});

const del = (body: unknown, as = token) =>
  call<{ count: number }>(delNewsRoute, { method: 'DELETE', token: as, body });
const restore = (body: unknown, as = token) =>
  call<{ count: number }>(restoreNewsRoute, { method: 'POST', token: as, body });
const purge = (body: unknown, as = token) =>
  call<{ count: number }>(purgeNewsRoute, { method: 'DELETE', token: as, body });
const binList = (query: Record<string, unknown> = {}, as = token) =>
  call<{ data: BinEntry[]; total: number }>(recycleListRoute, {
    token: as,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
const newsOne = (id: number, as = token) =>
  call<Item>(newsOneRoute, { token: as, query: { id: String(id) } });
const newsList = (query: Record<string, unknown>) =>
  call<{ data: Item[]; total: number }>(newsListRoute, {
    token,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });

const STEPS = [
  { title: '受理', value: 1 },
  { title: '审核', value: 2 },
  { title: '办结', value: 3 },
];
const FIELDS = [
  field({ key: 'note', title: '备注', type: 'string', search: true }),
  field({ key: 'qty', title: '数量', type: 'int' }),
  field({ key: 'body', title: '正文二', type: 'html_editor' }),
  field({
    key: 'rows',
    title: '明细',
    type: 'child_info',
    child_info: [field({ key: 'c_name', title: '名称', type: 'string' })],
  }),
];

const processClass = (name: string, steps = STEPS) =>
  createClass(token, { name, class_type: '4', content_fileds: { list: FIELDS, process: steps } });

/** The stored rows of an item and of its records, exactly (every column). */
const storedRows = async (id: number) => {
  const db = await getDb();
  const [item] = await db.$queryRaw<
    { row: unknown }[]
  >`SELECT to_jsonb(n) AS row FROM news n WHERE id = ${id}`;
  const records = await db.$queryRaw<{ row: unknown }[]>`
    SELECT to_jsonb(p) AS row FROM news_process p WHERE news_id = ${id} ORDER BY id`;
  return { item: item?.row ?? null, records: records.map((record) => record.row) };
};

const exportTitles = async (classId: number) => {
  const response = await exportRoute(
    new Request(`http://127.0.0.1/api/v1/manage/news_manage/export_news?class_id=${classId}`, {
      headers: { 'x-token': token },
    }),
  );
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
  const titles: unknown[] = [];
  workbook.worksheets[0].eachRow((row, index) => {
    if (index > 1) titles.push((row.values as unknown[])[1]);
  });
  return titles;
};

const statTotal = async (classId: number) => {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ total: number; counted: number }[]>`
    SELECT (SELECT total FROM news_class_stat WHERE class_id = ${classId}) AS total,
           (SELECT count(*)::int FROM news WHERE class_id = ${classId}) AS counted`;
  return row;
};

const setRecycleDays = async (days: number) => {
  const db = await getDb();
  await db.$executeRaw`
    INSERT INTO system_setting (key, value, updated_at) VALUES ('system', jsonb_build_object('recycle_days', ${days}::int), now())
    ON CONFLICT (key) DO UPDATE SET value = system_setting.value || jsonb_build_object('recycle_days', ${days}::int)`;
  forgetSystemSettings();
};

const ageInBin = async (ids: number[], days: number) => {
  const db = await getDb();
  await db.$executeRaw`
    UPDATE news_trash SET deleted_at = now() - make_interval(days => ${days}::int) WHERE id = ANY(${ids}::int[])`;
};

const inBin = async (ids: number[]) => {
  const db = await getDb();
  return db.newsTrash.count({ where: { id: { in: ids } } });
};

describe('deleting moves items to the 回收站', () => {
  it('hides them at once from the list, totals, search, status counts, export, get_news_one and out-options', async () => {
    const classId = await processClass('隐藏');
    const gone = await createNews(token, {
      class_id: classId,
      title: '将删除的苹果',
      note: '甲',
      new_time: 1_700_000_100,
    });
    const kept = await createNews(token, {
      class_id: classId,
      title: '留下的苹果',
      note: '甲',
      new_time: 1_700_000_000,
    });
    await addRecord(token, { news_id: gone, process: 1 });
    await addRecord(token, { news_id: gone, process: 2 });
    await addRecord(token, { news_id: kept, process: 1 });
    // Every read once first, so what they keep per process (totals, filters, boundary keys) is warm.
    expect((await newsList({ class_id: classId })).body.data.total).toBe(2);
    expect((await newsList({ class_id: classId, title: '苹果' })).body.data.total).toBe(2);
    expect((await newsList({ class_id: classId, note: '甲' })).body.data.total).toBe(2);
    const counts = async () =>
      Object.fromEntries(
        (await hrStatus(token, { class_id: classId })).body.data.map((s) => [s.value, s.count]),
      );
    expect(await counts()).toEqual({ 0: 0, 1: 1, 2: 1, 3: 0 });
    expect(await exportTitles(classId)).toEqual(['将删除的苹果', '留下的苹果']);
    const options = async () =>
      (
        await call<{ value: number }[]>(outOptionsRoute, { token, query: { class_id: String(classId) } })
      ).body.data.map((option) => option.value);
    expect(await options()).toEqual([gone, kept]);

    const deleted = await del({ id: gone });
    expect(deleted.body).toMatchObject({ code: 200, message: '已移到回收站', data: { count: 1 } });

    const list = (await newsList({ class_id: classId })).body.data;
    expect([list.total, list.data.map((item) => item.id)]).toEqual([1, [kept]]);
    expect((await newsList({ class_id: classId, title: '苹果' })).body.data.total).toBe(1);
    expect((await newsList({ class_id: classId, title: '将删除' })).body.data).toEqual({
      data: [],
      total: 0,
    });
    expect((await newsList({ class_id: classId, note: '甲' })).body.data.total).toBe(1);
    expect(await counts()).toEqual({ 0: 0, 1: 1, 2: 0, 3: 0 });
    expect(await exportTitles(classId)).toEqual(['留下的苹果']);
    expect((await newsOne(gone)).status).toBe(404);
    expect(await options()).toEqual([kept]);
    expect(
      (await call(outOptionsRoute, { token, query: { class_id: String(classId), ids: String(gone) } })).body
        .data,
    ).toEqual([]);
    expect(await statTotal(classId)).toEqual({ total: 1, counted: 1 });

    const bin = (await binList({ class_id: classId })).body.data;
    expect(bin.total).toBe(1);
    expect(bin.data).toEqual([
      {
        id: gone,
        class_id: classId,
        class_name: '隐藏',
        class_type: '4',
        is_class_gone: false,
        title: '将删除的苹果',
        deleted_at: expect.any(Number),
        deleted_by_name: userName,
      },
    ]);
    expect(Math.abs(bin.data[0].deleted_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it('records a revision `delete` and an 操作日志 entry `delete` marked 移入回收站; ids are never reused', async () => {
    const classId = await processClass('记录');
    const a = await createNews(token, { class_id: classId, title: '甲' });
    const b = await createNews(token, { class_id: classId, title: '乙' });
    const { entries } = await entriesOf(() => del({ ids: [a, b] }));
    expect(entries.map((entry) => [entry.action, entry.target_id, entry.detail])).toEqual([
      ['delete', a, { name: '甲', values: { class_id: classId }, recycle_bin: true, batch: 2 }],
      ['delete', b, { name: '乙', values: { class_id: classId }, recycle_bin: true, batch: 2 }],
    ]);
    const db = await getDb();
    const revisions = await db.newsRevision.findMany({
      where: { newsId: { in: [a, b] } },
      orderBy: [{ newsId: 'asc' }, { rev: 'asc' }],
      select: { newsId: true, action: true },
    });
    expect(revisions).toEqual([
      { newsId: a, action: 'create' },
      { newsId: a, action: 'delete' },
      { newsId: b, action: 'create' },
      { newsId: b, action: 'delete' },
    ]);
    const next = await createNews(token, { class_id: classId, title: '丙' });
    expect(next).toBeGreaterThan(b);
  });

  it('lists the bin newest first, paged, filtered by title and category, within the caller’s rights', async () => {
    const one = await processClass('其一');
    const two = await processClass('其二');
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push(await createNews(token, { class_id: i < 3 ? one : two, title: `页${i}号_%` }));
    for (const id of ids) expect((await del({ id })).body.code).toBe(200);
    const mine = (await binList({ class_id: one, page: 1, limit: 2 })).body.data;
    expect([mine.total, mine.data.map((item) => item.id)]).toEqual([3, [ids[2], ids[1]]]);
    expect(
      (await binList({ class_id: one, page: 2, limit: 2 })).body.data.data.map((item) => item.id),
    ).toEqual([ids[0]]);
    expect((await binList({ title: '页4号' })).body.data.data.map((item) => item.id)).toEqual([ids[4]]);
    // Wildcards are plain characters.
    expect((await binList({ class_id: two, title: '_%' })).body.data.total).toBe(2);
    expect((await binList({ class_id: two, title: '页%' })).body.data.total).toBe(0);

    const limited = await signedIn({ roles: ['news_content', 'news_purge'] });
    const db = await getDb();
    await db.adminUser.update({ where: { id: limited.user.id }, data: { classIds: [one] } });
    const limitedToken = await loginAs(limited.user);
    const all = (await binList({}, limitedToken)).body.data;
    expect(all.data.every((item) => item.class_id === one)).toBe(true);
    expect(all.total).toBe(3);
    const refused = await binList({ class_id: two }, limitedToken);
    expect([refused.status, refused.body.message]).toEqual([403, CLASS_FORBIDDEN]);
    const before = await dataFingerprint();
    expect((await restore({ ids: [ids[3]] }, limitedToken)).status).toBe(403);
    expect((await restore({ ids: [ids[0]], class_id: two }, limitedToken)).status).toBe(403);
    expect((await purge({ ids: [ids[0], ids[3]] }, limitedToken)).status).toBe(403);
    expect(await dataFingerprint()).toEqual(before);
    expect(await inBin(ids)).toBe(5);
    expect((await purge({ ids: [ids[0]] }, limitedToken)).body).toMatchObject({
      code: 200,
      data: { count: 1 },
    });
    expect((await restore({ ids: [ids[1]] }, limitedToken)).body).toMatchObject({
      code: 200,
      data: { count: 1 },
    });
  });

  it('refuses bad input cleanly', async () => {
    for (const query of [{ class_id: 'x' }, { page: 0 }, { limit: 101 }, { title: 'x'.repeat(201) }]) {
      const answer = await binList(query);
      expect([answer.status, answer.body.code]).toEqual([400, 400]);
    }
    for (const body of [{}, { ids: [] }, { ids: ['a'] }, { ids: [1], class_id: 0 }]) {
      expect((await restore(body)).status).toBe(400);
    }
    expect((await purge({ ids: [] })).status).toBe(400);
  });
});

describe('restoring from the 回收站', () => {
  it('puts an item back exactly: same id, every column, its process records with their ids', async () => {
    const classId = await processClass('原样');
    const id = await createNews(token, {
      class_id: classId,
      title: '完整的一条',
      short_title: '短',
      intro: '简介',
      content: '<p>正文 <strong>粗</strong></p>',
      note: '备注',
      qty: 7,
      body: '<p>第二段</p>',
      rows: [{ c_name: '一' }, { c_name: '二' }],
      new_time: 1_700_000_000,
    });
    await addRecord(token, { news_id: id, process: 1, remark: '第一步' });
    await addRecord(token, { news_id: id, process: 2, attachments: ['/uploads/2026/01/a.pdf'] });
    const before = { ...(await newsOne(id)).body.data };
    const recordsBefore = (await processList(token, { id })).body.data;
    const rowsBefore = await storedRows(id);
    expect(rowsBefore.records).toHaveLength(2);

    expect((await del({ id })).body.code).toBe(200);
    expect(await storedRows(id)).toEqual({ item: null, records: [] });
    const { result, entries } = await entriesOf(() => restore({ ids: [id] }));
    expect(result.body).toMatchObject({ code: 200, message: '已恢复', data: { count: 1 } });
    expect(await storedRows(id)).toEqual(rowsBefore);
    const after = (await newsOne(id)).body.data;
    const { row_version: _before, ...beforeItem } = before;
    const { row_version: _after, ...afterItem } = after;
    expect(afterItem).toEqual(beforeItem);
    expect((await processList(token, { id })).body.data).toEqual(recordsBefore);
    expect(await inBin([id])).toBe(0);
    expect(await statTotal(classId)).toEqual({ total: 1, counted: 1 });
    expect(entries.map((entry) => [entry.action, entry.target_id, entry.detail])).toEqual([
      ['restore', id, { name: '完整的一条', values: { class_id: classId } }],
    ]);
    const db = await getDb();
    const last = await db.newsRevision.findFirst({ where: { newsId: id }, orderBy: { rev: 'desc' } });
    expect(last?.action).toBe('restore');
    // Restored twice is not possible: it is no longer in the bin.
    expect((await restore({ ids: [id] })).body).toMatchObject({ code: 404, message: NOT_IN_BIN });
  });

  it('is all or nothing: one id not in the bin refuses the whole call', async () => {
    const classId = await processClass('全有全无');
    const a = await createNews(token, { class_id: classId, title: '甲' });
    const b = await createNews(token, { class_id: classId, title: '乙' });
    const live = await createNews(token, { class_id: classId, title: '活的' });
    await del({ ids: [a, b] });
    const before = await dataFingerprint();
    for (const ids of [
      [a, b, live],
      [a, 2_147_483_647],
    ]) {
      expect((await restore({ ids })).body).toMatchObject({ code: 404, message: NOT_IN_BIN });
      expect((await purge({ ids })).body).toMatchObject({ code: 404, message: NOT_IN_BIN });
    }
    expect(await dataFingerprint()).toEqual(before);
    expect(await inBin([a, b])).toBe(2);
  });

  it('of an item whose category is gone: refused naming it, or into a category of the same type', async () => {
    const doomed = await processClass('将被删除的栏目', STEPS);
    const id = await createNews(token, { class_id: doomed, title: '孤儿', note: '值' });
    for (const process of [1, 2, 3]) await addRecord(token, { news_id: id, process });
    expect((await del({ id })).body.code).toBe(200);
    // Items in the bin do not keep their category from being deleted.
    expect((await call(delClassRoute, { method: 'DELETE', token, body: { id: doomed } })).body.code).toBe(
      200,
    );
    expect((await binList({ class_id: doomed })).body.data.data[0]).toMatchObject({
      id,
      class_name: '将被删除的栏目',
      is_class_gone: true,
    });

    const plainList = await createClass(token, { name: '普通列表', class_type: '0' });
    const before = await dataFingerprint();
    const refused = await restore({ ids: [id] });
    expect([refused.status, refused.body.message]).toEqual([
      400,
      '「孤儿」所在的栏目「将被删除的栏目」已删除，请选择要恢复到的栏目',
    ]);
    expect((await restore({ ids: [id], class_id: plainList })).body).toMatchObject({
      code: 400,
      message: SAME_TYPE_ONLY,
    });
    expect((await restore({ ids: [id], class_id: 2_147_483_647 })).status).toBe(404);
    expect(await dataFingerprint()).toEqual(before);

    // Into another process category: its steps decide where the item stands (办结 is not one of them).
    const target = await processClass('新家', [STEPS[0], STEPS[1]]);
    const { result, entries } = await entriesOf(() => restore({ ids: [id], class_id: target }));
    expect(result.body).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await newsOne(id)).body.data).toMatchObject({ class_id: target, old_class: doomed, note: '值' });
    expect(await storedProcess(id)).toBe(2);
    expect((await processList(token, { id })).body.data).toHaveLength(3);
    expect(entries[0]).toMatchObject({
      action: 'restore',
      detail: {
        name: '孤儿',
        changes: {
          class_id: { from: doomed, to: target },
          class_name: { from: '将被删除的栏目', to: '新家' },
        },
      },
    });
    expect(await statTotal(target)).toEqual({ total: 1, counted: 1 });
  });
});

describe('purging from the 回收站', () => {
  it('needs the role news_purge (403 without, nothing changed), then removes the item and its revisions', async () => {
    const classId = await processClass('彻底删除');
    const id = await createNews(token, { class_id: classId, title: '再见' });
    await addRecord(token, { news_id: id, process: 1 });
    await del({ id });
    const editor = await signedIn({ roles: ['news_content'] });
    const before = await dataFingerprint();
    const refused = await purge({ ids: [id] }, editor.token);
    expect(refused.status).toBe(403);
    expect(await dataFingerprint()).toEqual(before);
    expect(await inBin([id])).toBe(1);

    const { result, entries } = await entriesOf(() => purge({ ids: [id] }));
    expect(result.body).toMatchObject({ code: 200, message: '已彻底删除', data: { count: 1 } });
    expect(entries.map((entry) => [entry.action, entry.target_id, entry.detail])).toEqual([
      ['purge', id, { name: '再见', values: { class_id: classId } }],
    ]);
    const db = await getDb();
    expect(await inBin([id])).toBe(0);
    expect(await db.newsRevision.count({ where: { newsId: id } })).toBe(0);
    expect(await db.newsRevisionText.count({ where: { newsId: id } })).toBe(0);
    expect((await purge({ ids: [id] })).body).toMatchObject({ code: 404, message: NOT_IN_BIN });
    expect((await restore({ ids: [id] })).status).toBe(404);
  });

  it('refuses a live item (purge is for bin items only)', async () => {
    const classId = await processClass('活着');
    const id = await createNews(token, { class_id: classId, title: '活' });
    expect((await purge({ ids: [id] })).body).toMatchObject({ code: 404, message: NOT_IN_BIN });
    expect((await newsOne(id)).status).toBe(200);
  });
});

describe('retention (系统设置 recycle_days)', () => {
  afterEach(() => setRecycleDays(30));

  it('purges items older than recycle_days, by the system, and keeps the younger ones; 0 keeps all', async () => {
    const classId = await processClass('保留期');
    const old = await createNews(token, { class_id: classId, title: '过期' });
    const young = await createNews(token, { class_id: classId, title: '未过期' });
    await del({ ids: [old, young] });
    await ageInBin([old], 8);
    await ageInBin([young], 6);

    await setRecycleDays(0);
    await ageInBin([young], 4000);
    expect(await purgeExpiredItems()).toEqual({ count: 0, isBusy: false });
    expect(await inBin([old, young])).toBe(2);
    await ageInBin([young], 6);

    await setRecycleDays(7);
    const { result, entries } = await entriesOf(() => purgeExpiredItems());
    expect(result).toEqual({ count: 1, isBusy: false });
    expect(await inBin([old])).toBe(0);
    expect(await inBin([young])).toBe(1);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'purge',
        target_type: 'news',
        target_id: old,
        user_id: null,
        username: '',
        detail: { name: '过期', values: { class_id: classId }, reason: '回收站保留期满（7 天）' },
      }),
    ]);
    expect((await purgeExpiredItems()).count).toBe(0);
  });

  it('purges each item once when two instances run it at the same time', async () => {
    const classId = await processClass('两个实例');
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1)
      ids.push(await createNews(token, { class_id: classId, title: `到期${i}` }));
    await del({ ids });
    await ageInBin(ids, 31);
    const { result, entries } = await entriesOf(() =>
      Promise.all([purgeExpiredItems(), purgeExpiredItems()]),
    );
    expect(result[0].count + result[1].count).toBe(12);
    expect(await inBin(ids)).toBe(0);
    const purged = entries.filter((entry) => entry.action === 'purge').map((entry) => entry.target_id);
    expect(purged.sort((x, y) => (x as number) - (y as number))).toEqual(ids);
  });

  it('leaves the work to the instance holding the retention lock (PostgreSQL: another connection)', async () => {
    const classId = await processClass('锁');
    const id = await createNews(token, { class_id: classId, title: '等锁' });
    await del({ id });
    await ageInBin([id], 31);
    // PGlite serves one process and one connection: there the lock is only ever this process's own.
    if (!isPostgresRun) return expect((await purgeExpiredItems()).count).toBe(1);
    const other = new Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock($1::bigint)', [RETENTION_LOCK]);
      expect(await purgeExpiredItems()).toEqual({ count: 0, isBusy: true });
      expect(await inBin([id])).toBe(1);
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    expect(await purgeExpiredItems()).toEqual({ count: 1, isBusy: false });
  });
});

describe('concurrent deletes and restores', () => {
  it('of the same items stay exact: each item once in the bin or once live, totals right', async () => {
    const classId = await processClass('并发');
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1)
      ids.push(await createNews(token, { class_id: classId, title: `并发${i}` }));
    for (const id of ids.slice(0, 3)) await addRecord(token, { news_id: id, process: 1 });
    const rowsBefore = await Promise.all(ids.map((id) => storedRows(id)));

    const deletes = await Promise.all([del({ ids }), del({ ids }), del({ ids: ids.slice(0, 3) })]);
    expect(deletes.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(deletes.every((answer) => [200, 404].includes(answer.body.code))).toBe(true);
    const okDelete = deletes.find((answer) => answer.body.code === 200);
    expect(await inBin(ids)).toBe(okDelete?.body.data.count);
    expect(await statTotal(classId)).toEqual({
      total: 6 - (okDelete?.body.data.count ?? 0),
      counted: 6 - (okDelete?.body.data.count ?? 0),
    });
    // All six in the bin (the winner may have been the batch of three), then three callers restore at once.
    const live = await (await getDb()).news.findMany({ where: { id: { in: ids } }, select: { id: true } });
    if (live.length) expect((await del({ ids: live.map((row) => row.id) })).body.code).toBe(200);
    expect(await inBin(ids)).toBe(6);

    const restores = await Promise.all([restore({ ids }), restore({ ids }), restore({ ids: ids.slice(3) })]);
    expect(restores.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(restores.every((answer) => [200, 404].includes(answer.body.code))).toBe(true);
    const okRestore = restores.find((answer) => answer.body.code === 200);
    const restored = okRestore?.body.data.count ?? 0;
    expect(await inBin(ids)).toBe(6 - restored);
    expect(await statTotal(classId)).toEqual({ total: restored, counted: restored });
    // Whatever came back is exactly as it was.
    for (const [index, id] of ids.entries()) {
      const now = await storedRows(id);
      if (now.item !== null) expect(now).toEqual(rowsBefore[index]);
    }
  });

  it('a delete and a restore racing each other leave every item in exactly one place', async () => {
    const classId = await processClass('来回');
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1)
      ids.push(await createNews(token, { class_id: classId, title: `来回${i}` }));
    await del({ ids: ids.slice(0, 4) });
    await Promise.all([
      restore({ ids: ids.slice(0, 4) }),
      del({ ids: ids.slice(4) }),
      del({ ids: ids.slice(2, 6) }),
    ]);
    const db = await getDb();
    const liveIds = (await db.news.findMany({ where: { id: { in: ids } }, select: { id: true } })).map(
      (row) => row.id,
    );
    const binIds = (await db.newsTrash.findMany({ where: { id: { in: ids } }, select: { id: true } })).map(
      (row) => row.id,
    );
    expect([...liveIds, ...binIds].sort((x, y) => x - y)).toEqual(ids);
    expect(await statTotal(classId)).toEqual({ total: liveIds.length, counted: liveIds.length });
  });
});

describe('a restore racing the deletion of its category', () => {
  it('either restores (and the category stays, refused for its items) or is refused: never an error', async () => {
    for (let round = 0; round < 6; round += 1) {
      const classId = await processClass(`竞争${round}`);
      const id = await createNews(token, { class_id: classId, title: `竞争${round}` });
      await del({ id });
      const [restored, removed] = await Promise.all([
        restore({ ids: [id] }),
        call(delClassRoute, { method: 'DELETE', token, body: { id: classId } }),
      ]);
      expect([
        [200, 400],
        [400, 200],
      ]).toContainEqual([restored.status, removed.status]);
      const db = await getDb();
      const live = await db.news.count({ where: { id } });
      expect([live, await inBin([id])]).toEqual(restored.status === 200 ? [1, 0] : [0, 1]);
    }
  });
});

describe('the columns a restore writes', () => {
  it('are every column of news and news_process', async () => {
    const db = await getDb();
    const columnsOf = async (table: string) =>
      (
        await db.$queryRaw<{ column_name: string }[]>`
          SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
          ORDER BY column_name`
      ).map((row) => row.column_name);
    expect(await columnsOf('news')).toEqual([...NEWS_COLUMNS].sort());
    expect(await columnsOf('news_process')).toEqual([...NEWS_PROCESS_COLUMNS].sort());
  });
});
