// The list's fast paths (lib/news/list-page.ts, load-class.ts) must answer exactly what a plain
// count(*) + ORDER BY … OFFSET answers, before and after every kind of change to the category.
import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { GET as getNewsListRoute } from '@/app/api/v1/manage/news_manage/get_news_list/route';
import { POST as moveNewsRoute } from '@/app/api/v1/manage/news_manage/move_news/route';
import { getDb, getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { call } from '../helpers/api';
import { createClass, field, saveClass } from '../helpers/categories';
import { createNews, saveNews } from '../helpers/news';
import { signedIn } from '../helpers/users';

let token: string;
let bigClass: number;
let otherClass: number;
const ITEMS = 10_345; // ten boundary blocks of 1,000, and more rows than a filtered walk may test (4,000)

type Item = Record<string, any>;
const list = async (classId: number, query: Record<string, string | number> = {}) => {
  const result = await call<{ data: Item[]; total: number }>(getNewsListRoute, {
    token,
    query: Object.fromEntries(
      Object.entries({ class_id: classId, ...query }).map(([k, v]) => [k, String(v)]),
    ),
  });
  expect(result.body.code).toBe(200);
  return result.body.data;
};

/** What the page must be: the plain statement, no counters, no cached keys. */
const expected = async (classId: number, page: number, limit: number) => {
  const db = await getDb();
  const [{ total }] = await db.$queryRaw<
    { total: number }[]
  >`SELECT count(*)::int AS total FROM news WHERE class_id = ${classId}`;
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM news WHERE class_id = ${classId} ORDER BY new_time DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
  return { total, ids: rows.map((row) => row.id) };
};

const expectPage = async (classId: number, page: number, limit = 10) => {
  const got = await list(classId, { page, limit });
  const want = await expected(classId, page, limit);
  expect({ total: got.total, ids: got.data.map((item) => item.id) }).toEqual(want);
  return got;
};

// Pages on both sides of the 1,000-row boundaries, the last partial page, and past the end.
const PAGES: [number, number][] = [
  [1, 10],
  [100, 10],
  [101, 10],
  [150, 10],
  [201, 10],
  [1000, 10],
  [1001, 10],
  [1035, 10],
  [24, 100],
  [104, 100],
  [1036, 10],
  [5000, 10],
];

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['news_content', 'class_manage'] }));
  bigClass = await createClass(token, {
    name: '大栏目',
    content_fileds: { list: [field({ key: 'source', title: '来源', search: true })] },
  });
  otherClass = await createClass(token, {
    name: '另一栏目',
    content_fileds: { list: [field({ key: 'source', title: '来源', search: true })] },
  });
  const db = await getDb();
  // Bulk rows straight in SQL (the API would take minutes); some share a new_time so id decides.
  await db.$executeRaw`
    INSERT INTO news (class_id, title, new_time, fields, updated_at)
    SELECT ${bigClass}, '条目' || g, timestamptz '2026-01-01' + make_interval(secs => g / 3), jsonb_build_object('source', '来源' || (g % 7)), now()
    FROM generate_series(1, ${ITEMS}) g`;
});

describe('unfiltered list: totals from news_class_stat, deep pages from cached boundaries', () => {
  it('answers every page exactly as count(*) and OFFSET would', async () => {
    for (const [page, limit] of PAGES) await expectPage(bigClass, page, limit);
    const past = await expectPage(bigClass, 5000);
    expect(past.data).toEqual([]);
    expect(past.total).toBe(ITEMS);
  });

  it('follows a new item, a changed new_time, a delete and a move at once', async () => {
    await expectPage(bigClass, 150); // boundaries cached
    const db = await getDb();
    const [{ id: deepId }] = await db.$queryRaw<
      { id: number }[]
    >`SELECT id FROM news WHERE class_id = ${bigClass} ORDER BY new_time DESC, id DESC OFFSET 1500 LIMIT 1`;

    await createNews(token, { class_id: bigClass, title: '最新', new_time: '2026-06-01 00:00' });
    for (const [page, limit] of PAGES) await expectPage(bigClass, page, limit);

    // Moving an old item to the top reorders every page before it.
    const saved = await saveNews(token, {
      id: deepId,
      class_id: bigClass,
      title: '提到最前',
      new_time: '2026-07-01 00:00',
    });
    expect(saved.body.code).toBe(200);
    for (const [page, limit] of PAGES) await expectPage(bigClass, page, limit);

    const [{ id: victim }] = await db.$queryRaw<
      { id: number }[]
    >`SELECT id FROM news WHERE class_id = ${bigClass} ORDER BY new_time DESC, id DESC OFFSET 1200 LIMIT 1`;
    expect((await call(delNewsRoute, { method: 'DELETE', token, body: { id: victim } })).body.code).toBe(200);
    await expectPage(bigClass, 120);
    await expectPage(bigClass, 121);

    const [{ id: moved }] = await db.$queryRaw<
      { id: number }[]
    >`SELECT id FROM news WHERE class_id = ${bigClass} ORDER BY new_time DESC, id DESC OFFSET 10 LIMIT 1`;
    expect(
      (await call(moveNewsRoute, { method: 'POST', token, body: { ids: [moved], class_id: otherClass } }))
        .body.code,
    ).toBe(200);
    for (const [page, limit] of PAGES) await expectPage(bigClass, page, limit);
    await expectPage(otherClass, 1);
    expect((await list(otherClass)).total).toBe(1);
  });

  it('keeps news_class_stat equal to the real counts after bulk SQL, TRUNCATE-free deletes and moves', async () => {
    const db = await getDb();
    await db.$executeRaw`UPDATE news SET class_id = ${otherClass} WHERE class_id = ${bigClass} AND id % 5 = 0`;
    await db.$executeRaw`DELETE FROM news WHERE class_id = ${bigClass} AND id % 7 = 0`;
    const stats = await db.$queryRaw<{ class_id: number; total: number; counted: number }[]>`
      SELECT s.class_id, s.total, (SELECT count(*)::int FROM news n WHERE n.class_id = s.class_id) AS counted FROM news_class_stat s`;
    expect(stats.length).toBeGreaterThan(1);
    for (const row of stats) expect(row.total).toBe(row.counted);
    for (const [page, limit] of PAGES) await expectPage(bigClass, page, limit);
    await expectPage(otherClass, 1);
    await expectPage(otherClass, 50);
  });
});

describe('a category that grows past a page asked for when it was short', () => {
  it('answers the deep page from boundaries taken again', async () => {
    const classId = await createClass(token, { name: '后来变长' });
    const db = await getDb();
    const fill = (from: number, to: number) => db.$executeRaw`
      INSERT INTO news (class_id, title, new_time, updated_at)
      SELECT ${classId}, '行' || g, timestamptz '2025-01-01' - make_interval(secs => g), now() FROM generate_series(${from}::int, ${to}::int) g`;
    await fill(1, 500);
    expect((await expectPage(classId, 200)).data).toEqual([]); // offset 1,990: past the end

    // Asked again, a page past the end does not walk the category for its keys each time: the kept
    // keys, which ended before it, answer while the category's version stays (spying only counts
    // the statements; they run as usual).
    const sql = await getSql();
    const query = jest.spyOn(sql, 'query');
    try {
      for (const page of [200, 300, 5000]) expect((await expectPage(classId, page)).data).toEqual([]);
      const walks = query.mock.calls.filter(([statement]) =>
        (statement as Prisma.Sql).sql.includes('row_number() OVER'),
      );
      expect(walks).toHaveLength(0);
    } finally {
      query.mockRestore();
    }

    await fill(501, 3500); // older rows: the category now reaches offset 1,990
    const got = await expectPage(classId, 200);
    expect(got.data).toHaveLength(10);
    await expectPage(classId, 350);
  });
});

describe('filtered list: counted once per data version, common matches walked in list order', () => {
  const plain = async (condition: Prisma.Sql, page: number, limit: number) => {
    const db = await getDb();
    const rows = await db.$queryRaw<{ id: number }[]>`
      SELECT id FROM news WHERE class_id = ${bigClass} AND ${condition} ORDER BY new_time DESC, id DESC`;
    return { total: rows.length, ids: rows.slice((page - 1) * limit, page * limit).map((row) => row.id) };
  };
  const expectFiltered = async (
    query: Record<string, string>,
    condition: Prisma.Sql,
    page: number,
    limit: number,
  ) => {
    const got = await list(bigClass, { ...query, page, limit });
    expect({ total: got.total, ids: got.data.map((item) => item.id) }).toEqual(
      await plain(condition, page, limit),
    );
  };
  // Common (about 1 in 7 rows) and rare matches, shallow and deep pages, past the end.
  const cases: [Record<string, string>, Prisma.Sql][] = [
    [{ source: '来源3' }, Prisma.sql`fields ->> 'source' ILIKE '%来源3%'`],
    [{ title: '条目1' }, Prisma.sql`title ILIKE '%条目1%'`],
    [
      { title: '条目2', source: '来源2' },
      Prisma.sql`title ILIKE '%条目2%' AND fields ->> 'source' ILIKE '%来源2%'`,
    ],
    [{ title: '条目77' }, Prisma.sql`title ILIKE '%条目77%'`],
  ];
  const pages: [number, number][] = [
    [1, 10],
    [2, 10],
    [1, 20],
    [3, 20],
    [30, 20],
    [100, 20],
    [1000, 20],
  ];
  // Deepest page first on the second pass, so a kept total is also first used (and found stale)
  // by a page that does not walk.
  let pass = 0;
  const checkAll = async () => {
    pass += 1;
    const order = pass % 2 ? pages : [...pages].reverse();
    for (const [query, condition] of cases)
      for (const [page, limit] of order) await expectFiltered(query, condition, page, limit);
  };

  it('answers every page exactly, counted or from the kept total', async () => {
    await checkAll(); // counts and keeps the totals
    await checkAll(); // uses them
    expect(await list(bigClass, { source: '没有这个来源' })).toEqual({ data: [], total: 0 });
    // A kept total of 0 reads no rows, but still notices the first match arriving.
    expect(await list(bigClass, { source: '没有这个来源' })).toEqual({ data: [], total: 0 });
    const id = await createNews(token, { class_id: bigClass, title: '迟来的一条', source: '没有这个来源' });
    const after = await list(bigClass, { source: '没有这个来源' });
    expect({ total: after.total, ids: after.data.map((item) => item.id) }).toEqual({ total: 1, ids: [id] });
    await call(delNewsRoute, { method: 'DELETE', token, body: { id } });
  });

  it('keeps the ids of a rare match and pages through them, then counts again after a change', async () => {
    const db = await getDb();
    await db.$executeRaw`UPDATE news SET fields = jsonb_set(fields, '{source}', '"稀有来源"') WHERE class_id = ${bigClass} AND id % 401 = 0`;
    const rare = Prisma.sql`fields ->> 'source' ILIKE '%稀有来源%'`;
    const rarePages: [number, number][] = [
      [1, 10],
      [2, 10],
      [3, 10],
      [1, 20],
      [2, 20],
      [9, 10],
    ];
    for (let pass = 0; pass < 2; pass += 1) {
      for (const [page, limit] of rarePages) await expectFiltered({ source: '稀有来源' }, rare, page, limit);
    }
    // A change the kept ids do not know: a new match, and one match gone.
    const newest = await createNews(token, {
      class_id: bigClass,
      title: '新的稀有',
      source: '稀有来源',
      new_time: '2026-09-01 00:00',
    });
    for (const [page, limit] of rarePages) await expectFiltered({ source: '稀有来源' }, rare, page, limit);
    expect((await list(bigClass, { source: '稀有来源' })).data[0].id).toBe(newest);
    await db.$executeRaw`UPDATE news SET fields = jsonb_set(fields, '{source}', '"别的"') WHERE id = (SELECT max(id) FROM news WHERE class_id = ${bigClass} AND id % 401 = 0)`;
    for (const [page, limit] of rarePages) await expectFiltered({ source: '稀有来源' }, rare, page, limit);
  });

  it('counts again after any change to the category items: API edit, new item, plain SQL', async () => {
    await checkAll();
    const db = await getDb();
    const [{ id }] = await db.$queryRaw<{ id: number }[]>`
      SELECT id FROM news WHERE class_id = ${bigClass} AND fields ->> 'source' NOT ILIKE '%来源3%' ORDER BY new_time DESC, id DESC OFFSET 5 LIMIT 1`;
    // Only a dynamic value changes: order and count of the category stay, the filter's do not.
    const saved = await saveNews(token, { id, class_id: bigClass, title: '条目1改', source: '来源3' });
    expect(saved.body.code).toBe(200);
    await checkAll();
    await createNews(token, {
      class_id: bigClass,
      title: '条目1新',
      source: '来源3',
      new_time: '2026-08-01 00:00',
    });
    await checkAll();
    await db.$executeRaw`UPDATE news SET fields = jsonb_set(fields, '{source}', '"来源3"') WHERE class_id = ${bigClass} AND id % 11 = 0`;
    await checkAll();
    await db.$executeRaw`UPDATE news SET title = title || '77' WHERE class_id = ${bigClass} AND id % 13 = 0`;
    await checkAll();
  });
});

describe('category schema cached per process, checked on every list call', () => {
  it('sees a schema change made through the API at once', async () => {
    const classId = await createClass(token, {
      name: '变结构',
      content_fileds: { list: [field({ key: 'a', title: '甲' })] },
    });
    await createNews(token, { class_id: classId, title: '一条', a: '值甲' });
    expect((await list(classId)).data[0]).toMatchObject({ a: '值甲' });
    expect((await list(classId)).data[0]).not.toHaveProperty('b');
    const saved = await saveClass(token, {
      id: classId,
      name: '变结构',
      content_fileds: {
        list: [field({ key: 'a', title: '甲' }), field({ key: 'b', title: '乙', search: true })],
      },
    });
    expect(saved.body.code).toBe(200);
    expect((await list(classId)).data[0]).toMatchObject({ a: '值甲', b: null });
    // The new searchable field filters at once too.
    expect((await list(classId, { b: 'x' })).total).toBe(0);
  });

  it('sees a schema changed behind its back (another process, plain SQL) and a deleted category', async () => {
    const classId = await createClass(token, {
      name: '旁路',
      content_fileds: { list: [field({ key: 'a', title: '甲' })] },
    });
    await createNews(token, { class_id: classId, title: '一条', a: '值甲' });
    expect((await list(classId)).data[0]).toHaveProperty('a');
    const db = await getDb();
    await db.$executeRaw`UPDATE news_class SET content_fileds = jsonb_set(content_fileds, '{list}', '[]'::jsonb) WHERE id = ${classId}`;
    expect((await list(classId)).data[0]).not.toHaveProperty('a');

    await db.$executeRaw`DELETE FROM news WHERE class_id = ${classId}`;
    await db.$executeRaw`DELETE FROM news_class WHERE id = ${classId}`;
    const gone = await call(getNewsListRoute, { token, query: { class_id: String(classId) } });
    expect(gone.body).toMatchObject({ code: 404, message: '栏目不存在' });
  });
});
