import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { GET as getNewsListRoute } from '@/app/api/v1/manage/news_manage/get_news_list/route';
import { GET as getNewsOneRoute } from '@/app/api/v1/manage/news_manage/get_news_one/route';
import { POST as lockNewsRoute } from '@/app/api/v1/manage/news_manage/lock_news/route';
import { POST as moveNewsRoute } from '@/app/api/v1/manage/news_manage/move_news/route';
import { getDb } from '@/lib/db/client';
import { call } from '../helpers/api';
import { createClass, field } from '../helpers/categories';
import { createNews, saveNews } from '../helpers/news';
import { signedIn } from '../helpers/users';

let token: string;
let classId: number;

const schema = [
  field({ key: 'source', title: '来源', search: true }),
  field({ key: 'memo', title: '备注', type: 'mult_string', search: true }),
  field({ key: 'price', title: '价格', type: 'float', search: true }),
  field({ key: 'qty', title: '数量', type: 'int', search: true, ismust: true }),
  field({
    key: 'status',
    title: '状态',
    type: 'select',
    search: true,
    options: [
      { label: '草稿', value: 'draft', color: '#999999' },
      { label: '已发布', value: 'pub', color: '#00aa00' },
    ],
  }),
  field({
    key: 'tags',
    title: '标签',
    type: 'mult_select',
    search: true,
    options: [
      { label: '要闻', value: 'hot' },
      { label: '本地', value: 'local' },
      { label: '一', value: 1 },
    ],
  }),
  field({ key: 'day', title: '日期', type: 'date', search: true }),
  field({ key: 'at', title: '时间', type: 'datetime', search: true }),
  field({ key: 'tint', title: '颜色', type: 'color', search: true }),
  field({ key: 'no', title: '编号', type: 'auto', search: true }),
  field({ key: 'cover', title: '封面', type: 'img' }),
];

type Item = Record<string, any>;
const list = (query: Record<string, string | number> = {}) =>
  call<{ data: Item[]; total: number }>(getNewsListRoute, {
    token,
    query: Object.fromEntries(
      Object.entries({ class_id: classId, ...query }).map(([k, v]) => [k, String(v)]),
    ),
  });
const ids = async (query: Record<string, string | number>) =>
  (await list({ limit: 100, ...query })).body.data.data.map((item) => item.title).sort();

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['news_content', 'class_manage'], name: '编辑甲' }));
  classId = await createClass(token, {
    name: '新闻',
    content_fileds: { list: schema, base_set: { title: { name: '新闻标题', showlist: 1, isshow: 1 } } },
  });
  const rows = [
    {
      title: 'Alpha 北京新闻',
      source: '新华社',
      memo: '第一行\n重要',
      price: '9.5',
      qty: 1,
      status: 'draft',
      tags: ['hot'],
      day: '2026-01-10',
      at: 1767225600,
      tint: '#FF0000',
    },
    {
      title: '上海 alpha 快讯',
      source: '人民日报',
      memo: '普通',
      price: '20',
      qty: 5,
      status: 'pub',
      tags: ['hot', 'local'],
      day: '2026-02-10',
      at: 1769904000,
      tint: '#00ff00',
    },
    {
      title: '广州晚报',
      source: '新华社广州',
      memo: '',
      price: '-3',
      qty: 10,
      status: 'pub',
      tags: [1],
      day: '2026-03-10',
      at: 1772323200,
      tint: '#0000ff',
    },
  ];
  for (const [index, row] of rows.entries())
    await createNews(token, { class_id: classId, new_time: 1_700_000_000 + index, ...row });
});

describe('save_news_info and get_news_one', () => {
  // Its own category, so the list filters below see only their three rows.
  let formClassId: number;
  beforeAll(async () => {
    formClassId = await createClass(token, {
      name: '表单',
      content_fileds: { list: schema, base_set: { title: { name: '新闻标题', showlist: 1, isshow: 1 } } },
    });
  });

  it('stores base and dynamic values and answers every field', async () => {
    const id = await createNews(token, {
      class_id: formClassId,
      title: '  完整  ',
      short_title: '短',
      intro: '简介',
      content: '<p>正文<script>x()</script></p>',
      qty: '7',
      status: 'pub',
      tags: ['local'],
      cover: '/uploads/2026/11/a.png',
      not_in_schema: 'x',
      new_time: '2026-11-01 10:00',
    });
    const one = await call<Item>(getNewsOneRoute, { token, query: { id: String(id) } });
    expect(one.body.code).toBe(200);
    expect(one.body.data).toMatchObject({
      id,
      class_id: formClassId,
      title: '完整',
      short_title: '短',
      intro: '简介',
      content: '<p>正文</p>',
      qty: 7,
      status: 'pub',
      tags: ['local'],
      cover: '/uploads/2026/11/a.png',
      is_lock: 0,
      process: 0,
      old_class: 0,
      no: 1,
      source: null,
    });
    expect(one.body.data.new_time).toBe(Math.floor(new Date(2026, 10, 1, 10, 0).getTime() / 1000));
    expect(one.body.data).not.toHaveProperty('not_in_schema');
    const db = await getDb();
    expect(
      ((await db.news.findUniqueOrThrow({ where: { id } })).fields as Item).not_in_schema,
    ).toBeUndefined();
  });

  it.each([
    [{ title: '' }, '请填写新闻标题'],
    [{ title: 'x' }, '请填写数量'],
    [{ title: 'x', qty: '1.5' }, '数量必须是整数'],
    [{ title: 'x', qty: 1, status: 'nope' }, '状态的选项不正确：nope'],
    [{ title: 'x', qty: 1, tint: 'blue' }, '颜色必须是 #rrggbb 格式的颜色'],
    [{ title: 'x', qty: 1, new_time: 'soon' }, '发布时间格式不正确'],
  ])('refuses %j', async (body, message) => {
    expect((await saveNews(token, { class_id: formClassId, ...body })).body).toMatchObject({
      code: 400,
      message,
    });
  });

  it('updates an item and keeps its running number', async () => {
    const id = await createNews(token, { class_id: formClassId, title: '待改', qty: 1 });
    const before = (await call<Item>(getNewsOneRoute, { token, query: { id: String(id) } })).body.data;
    expect(
      (await saveNews(token, { id, class_id: formClassId, title: '已改', qty: 2, no: 999 })).body.code,
    ).toBe(200);
    const after = (await call<Item>(getNewsOneRoute, { token, query: { id: String(id) } })).body.data;
    expect(after).toMatchObject({ title: '已改', qty: 2, no: before.no });
  });

  it('answers 404 for an unknown item or category', async () => {
    expect((await call(getNewsOneRoute, { token, query: { id: '999999' } })).body).toMatchObject({
      code: 404,
      message: '内容不存在',
    });
    expect((await saveNews(token, { class_id: 999999, title: 'x' })).body.code).toBe(404);
  });
});

describe('get_news_list', () => {
  it.each([
    ['title substring, case-insensitive, Chinese', { title: 'ALPHA' }, ['Alpha 北京新闻', '上海 alpha 快讯']],
    ['title Chinese substring', { title: '晚报' }, ['广州晚报']],
    ['string substring', { source: '新华社' }, ['Alpha 北京新闻', '广州晚报']],
    ['mult_string substring', { memo: '重要' }, ['Alpha 北京新闻']],
    ['select equality', { status: 'pub' }, ['上海 alpha 快讯', '广州晚报']],
    ['mult_select contains', { tags: 'hot' }, ['Alpha 北京新闻', '上海 alpha 快讯']],
    ['mult_select contains a numeric option', { tags: '1' }, ['广州晚报']],
    ['float exact', { price: '20' }, ['上海 alpha 快讯']],
    ['float range', { price_start: '0', price_end: '10' }, ['Alpha 北京新闻']],
    ['int range', { qty_start: 5 }, ['上海 alpha 快讯', '广州晚报']],
    ['date range', { day_start: '2026-02-01', day_end: '2026-03-10' }, ['上海 alpha 快讯', '广州晚报']],
    ['datetime range by day', { at_start: '2026-02-01', at_end: '2026-02-01' }, ['上海 alpha 快讯']],
    ['datetime exact', { at: 1767225600 }, ['Alpha 北京新闻']],
    ['color equality', { tint: '#ff0000' }, ['Alpha 北京新闻']],
    ['auto exact', { no: 2 }, ['上海 alpha 快讯']],
    ['combined filters', { source: '新华社', status: 'pub' }, ['广州晚报']],
    ['LIKE wildcards are literal', { title: '%' }, []],
  ])('filters by %s', async (_name, query, titles) => {
    expect(await ids(query)).toEqual([...titles].sort());
  });

  it('refuses a malformed range bound', async () => {
    expect((await list({ qty_start: 'abc' })).body).toMatchObject({
      code: 400,
      message: '数量的搜索条件不正确',
    });
  });

  it('pages newest first (new_time, then id), stable across pages, with the total', async () => {
    const pageClass = await createClass(token, { name: '分页' });
    const sameTime = 1_750_000_000;
    for (let i = 0; i < 25; i += 1) {
      await createNews(token, {
        class_id: pageClass,
        title: `第${i}条`,
        new_time: i < 10 ? sameTime : sameTime + i,
      });
    }
    const read = async (page: number, limit?: number) =>
      (
        await call<{ data: Item[]; total: number }>(getNewsListRoute, {
          token,
          query: {
            class_id: String(pageClass),
            page: String(page),
            ...(limit ? { limit: String(limit) } : {}),
          },
        })
      ).body.data;
    const first = await read(1);
    expect(first.total).toBe(25);
    expect(first.data).toHaveLength(10);
    const all = [...first.data, ...(await read(2)).data, ...(await read(3)).data];
    expect(all).toHaveLength(25);
    expect(new Set(all.map((item) => item.id)).size).toBe(25);
    for (let i = 1; i < all.length; i += 1) {
      const [a, b] = [all[i - 1], all[i]];
      expect(a.new_time > b.new_time || (a.new_time === b.new_time && a.id > b.id)).toBe(true);
    }
    expect((await read(1, 30)).data).toHaveLength(25);
    expect((await read(4)).data).toEqual([]);
  });

  it('caps limit at 100 and validates paging', async () => {
    expect((await list({ limit: 101 })).body).toMatchObject({ code: 400, message: '每页最多 100 条' });
    expect((await list({ page: 0 })).body.code).toBe(400);
    expect((await list({ limit: 100 })).body.code).toBe(200);
  });

  it('needs class_id, an existing list category and the news_content role', async () => {
    expect((await call(getNewsListRoute, { token })).body.code).toBe(400);
    expect((await list({ class_id: 999999 })).body.code).toBe(404);
    const single = await createClass(token, { class_type: '1' });
    expect((await list({ class_id: single })).body).toMatchObject({
      code: 400,
      message: '单页栏目没有内容列表',
    });
    const { token: other } = await signedIn({ roles: ['class_manage'] });
    expect(
      (await call(getNewsListRoute, { token: other, query: { class_id: String(classId) } })).status,
    ).toBe(403);
  });
});

describe('lock, delete and move', () => {
  const lock = (id: number, isLock: 0 | 1) =>
    call(lockNewsRoute, { method: 'POST', token, body: { id, is_lock: isLock } });
  const del = (body: unknown) => call<{ count: number }>(delNewsRoute, { method: 'DELETE', token, body });

  it('a locked item cannot be edited or deleted until unlocked', async () => {
    const id = await createNews(token, { class_id: classId, title: '锁', qty: 1 });
    expect((await lock(id, 1)).body).toMatchObject({ code: 200, message: '已锁定' });
    expect((await call<Item>(getNewsOneRoute, { token, query: { id: String(id) } })).body.data.is_lock).toBe(
      1,
    );
    expect((await saveNews(token, { id, class_id: classId, title: '改', qty: 1 })).body).toMatchObject({
      code: 400,
      message: '该内容已锁定，请先解锁',
    });
    expect((await del({ id })).body).toMatchObject({ code: 400, message: '「锁」已锁定，请先解锁' });
    expect((await lock(id, 0)).body.message).toBe('已解锁');
    expect((await del({ id })).body).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await call(getNewsOneRoute, { token, query: { id: String(id) } })).body.code).toBe(404);
  });

  it('batch delete is all or none', async () => {
    const a = await createNews(token, { class_id: classId, title: 'A', qty: 1 });
    const b = await createNews(token, { class_id: classId, title: 'B', qty: 1 });
    const c = await createNews(token, { class_id: classId, title: 'C', qty: 1 });
    await lock(c, 1);
    expect((await del({ ids: [a, b, c] })).body.code).toBe(400);
    expect((await del({ ids: [a, b, 999999] })).body.code).toBe(404);
    const db = await getDb();
    expect(await db.news.count({ where: { id: { in: [a, b, c] } } })).toBe(3);
    expect((await del({ ids: [a, b] })).body).toMatchObject({
      code: 200,
      message: '已将 2 条内容移到回收站',
      data: { count: 2 },
    });
    expect(await db.news.count({ where: { id: { in: [a, b, c] } } })).toBe(1);
    expect((await del({})).body.code).toBe(400);
  });

  it('moves items to a category of the same type, keeping values the target lacks', async () => {
    const target = await createClass(token, {
      name: '目标',
      content_fileds: { list: [field({ key: 'source', title: '来源' })] },
    });
    const id = await createNews(token, { class_id: classId, title: '搬家', qty: 3, source: '某报' });
    const moved = await call(moveNewsRoute, { method: 'POST', token, body: { ids: [id], class_id: target } });
    expect(moved.body).toMatchObject({ code: 200, data: { count: 1 } });
    const item = (await call<Item>(getNewsOneRoute, { token, query: { id: String(id) } })).body.data;
    expect(item).toMatchObject({ class_id: target, old_class: classId, source: '某报' });
    expect(item).not.toHaveProperty('qty');
    const db = await getDb();
    expect(((await db.news.findUniqueOrThrow({ where: { id } })).fields as Item).qty).toBe(3);
    // Moving back shows qty again.
    await call(moveNewsRoute, { method: 'POST', token, body: { ids: [id], class_id: classId } });
    expect((await call<Item>(getNewsOneRoute, { token, query: { id: String(id) } })).body.data.qty).toBe(3);
  });

  it('refuses a move to another type of category', async () => {
    const flow = await createClass(token, {
      class_type: '4',
      content_fileds: { process: [{ title: '一', value: 1 }] },
    });
    const id = await createNews(token, { class_id: classId, title: '不动', qty: 1 });
    expect(
      (await call(moveNewsRoute, { method: 'POST', token, body: { ids: [id], class_id: flow } })).body,
    ).toMatchObject({ code: 400, message: '只能移动到相同类型的栏目' });
  });
});
