import { getDb } from '@/lib/db/client';
import { createClass } from '../helpers/categories';
import { createNews } from '../helpers/news';
import {
  addRecord,
  allRecords,
  processList,
  processListPage,
  saveProcess,
  storedProcess,
  type ProcessRecord,
} from '../helpers/process';
import { signedIn } from '../helpers/users';

// The security review's findings on process records: get_process_list answered every record of an
// item at once (no paging, no cap), and save_process took "-0", "0.0" or "00000000001" as 1970.

const STEPS = [
  { title: '受理', value: 1 },
  { title: '办结', value: 2 },
];
const BASE_TIME = 1_767_225_600;

let token: string;
let classId: number;

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['news_content', 'class_manage'] }));
  classId = await createClass(token, { name: '办件', class_type: '4', content_fileds: { process: STEPS } });
});

/**
 * An item with one record saved through the API at step 1 (so its derived process is right), then
 * `count - 1` more written straight into the table at `process` (default 1), for speed. Their
 * times: BASE_TIME + i minutes, every third one sharing the time of the one before (ties by id).
 */
const itemWith = async (count: number, { process = 1 } = {}) => {
  const id = await createNews(token, { class_id: classId, title: `记录 ${count} 条` });
  await addRecord(token, { news_id: id, process: 1, title: '第 0 条', time: BASE_TIME });
  if (count > 1) {
    const db = await getDb();
    await db.$executeRaw`
      INSERT INTO news_process (news_id, process, process_title, title, "time", remark, attachments, updated_at)
      SELECT ${id}, ${process}, '', '第 ' || i || ' 条',
             to_timestamp(${BASE_TIME} + (i - (CASE WHEN i % 3 = 0 THEN 1 ELSE 0 END)) * 60), '', '', now()
      FROM generate_series(1, ${count - 1}) AS i`;
  }
  return id;
};

/** The item's records as the table holds them, in the answer's order: newest time first, then highest id. */
const expectedOrder = async (newsId: number, process?: number) => {
  const db = await getDb();
  const rows = await db.newsProcess.findMany({
    where: { newsId, ...(process === undefined ? {} : { process }) },
    orderBy: [{ time: 'desc' }, { id: 'desc' }],
    select: { id: true },
  });
  return rows.map((row) => row.id);
};
/** One item's record rows as stored. */
const recordsOf = async (newsId: number) =>
  (await getDb()).newsProcess.findMany({ where: { newsId }, orderBy: { id: 'asc' } });
const ids = (records: ProcessRecord[]) => records.map((record) => record.id);

describe('get_process_list pages', () => {
  it('answers {data, total} with page (limit default 100, at most 100), in the same order as without', async () => {
    const id = await itemWith(7);
    const order = await expectedOrder(id);
    expect(order).toHaveLength(7);

    const first = await processListPage(token, { id, page: 1, limit: 3 });
    expect(first.body.code).toBe(200);
    expect(Object.keys(first.body.data).sort()).toEqual(['data', 'total']);
    expect(first.body.data.total).toBe(7);
    expect(ids(first.body.data.data)).toEqual(order.slice(0, 3));
    expect(first.body.data.data[0]).toMatchObject({ news_id: id, process: 1, process_name: '受理' });
    expect(ids((await processListPage(token, { id, page: 2, limit: 3 })).body.data.data)).toEqual(
      order.slice(3, 6),
    );
    const last = await processListPage(token, { id, page: '3', limit: '3' });
    expect(last.body.data).toMatchObject({ total: 7 });
    expect(ids(last.body.data.data)).toEqual(order.slice(6));
    // Past the end: no rows, the total still.
    expect((await processListPage(token, { id, page: 4, limit: 3 })).body.data).toEqual({
      data: [],
      total: 7,
    });
    // limit defaults to 100 with a page.
    const whole = await processListPage(token, { id, page: 1 });
    expect(whole.body.data.total).toBe(7);
    expect(ids(whole.body.data.data)).toEqual(order);
    // Without page: the array, as before.
    const plain = await processList(token, { id });
    expect(Array.isArray(plain.body.data)).toBe(true);
    expect(ids(plain.body.data)).toEqual(order);
  });

  it('counts and pages one step with `process`', async () => {
    const id = await itemWith(4);
    await addRecord(token, { news_id: id, process: 2, title: '办结甲', time: BASE_TIME + 10 });
    await addRecord(token, { news_id: id, process: 2, title: '办结乙', time: BASE_TIME + 20 });
    const page = await processListPage(token, { id, process: 2, page: 1, limit: 1 });
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.data.map((record) => record.title)).toEqual(['办结乙']);
    const second = await processListPage(token, { id, process: 2, page: 2, limit: 1 });
    expect(second.body.data.data.map((record) => record.title)).toEqual(['办结甲']);
    expect((await processListPage(token, { id, process: 1, page: 1 })).body.data.total).toBe(4);
  });

  it('refuses a bad page or limit with a Chinese 400', async () => {
    const id = await itemWith(1);
    for (const [query, message] of [
      [{ page: 0 }, '页码必须是正整数'],
      [{ page: '-1' }, '页码必须是正整数'],
      [{ page: '1.5' }, '页码必须是正整数'],
      [{ page: 'x' }, '页码必须是正整数'],
      [{ page: 1, limit: 101 }, '每页最多 100 条'],
      [{ page: 1, limit: 0 }, '每页条数必须是正整数'],
      [{ page: 1, limit: '1e2' }, '每页条数必须是正整数'],
    ] as const) {
      const result = await processListPage(token, { id, ...query });
      expect({ query, status: result.status, body: result.body }).toMatchObject({
        query,
        status: 400,
        body: { code: 400, message },
      });
    }
  });
});

describe('get_process_list without page', () => {
  it('answers at most the newest 100 records (by time, then id), newest first', async () => {
    const id = await itemWith(130);
    const order = await expectedOrder(id);
    expect(order).toHaveLength(130);
    const plain = await processList(token, { id });
    expect(plain.body.code).toBe(200);
    expect(ids(plain.body.data)).toEqual(order.slice(0, 100));
    // The rest is there page by page.
    const paged = await processListPage(token, { id, page: 2, limit: 100 });
    expect(paged.body.data.total).toBe(130);
    expect(ids(paged.body.data.data)).toEqual(order.slice(100));
  });

  it('holds to the same 100 for one step', async () => {
    const id = await itemWith(105, { process: 2 });
    const plain = await processList(token, { id, process: 2 });
    expect(ids(plain.body.data)).toEqual((await expectedOrder(id, 2)).slice(0, 100));
    expect(ids((await processList(token, { id, process: 1 })).body.data)).toEqual(await expectedOrder(id, 1));
  });
});

describe('at most 1,000 records per item', () => {
  const CAP_MESSAGE = '每条内容最多 1000 条流程记录，请先删除不需要的记录';
  const record = (newsId: number, extra: Record<string, unknown> = {}) => ({
    news_id: newsId,
    process: 1,
    title: '又一条',
    time: BASE_TIME,
    ...extra,
  });

  it('takes the 1,000th record and refuses the 1,001st with a Chinese 400, writing nothing', async () => {
    const id = await itemWith(999);
    const thousandth = await saveProcess(token, record(id));
    expect(thousandth.body.code).toBe(200);
    const before = await allRecords();
    const db = await getDb();
    const auditBefore = await db.auditLog.count();
    const refused = await saveProcess(token, record(id, { process: 2 }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 400, message: CAP_MESSAGE });
    expect(await allRecords()).toEqual(before);
    expect(await db.auditLog.count()).toBe(auditBefore);
    expect(await storedProcess(id)).toBe(1);
    // Editing one of the 1,000 still works, and so does a new record once one is deleted.
    const edited = await saveProcess(
      token,
      record(id, { id: (thousandth.body.data as { id: number }).id, title: '改过' }),
    );
    expect(edited.body.code).toBe(200);
    await db.newsProcess.delete({ where: { id: (thousandth.body.data as { id: number }).id } });
    expect((await saveProcess(token, record(id))).body.code).toBe(200);
    expect(await db.newsProcess.count({ where: { newsId: id } })).toBe(1000);
  });

  it('holds under parallel saves: of 6 new records on an item with 997, exactly 3 are taken', async () => {
    const id = await itemWith(997);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => saveProcess(token, record(id, { title: `并发 ${i}` }))),
    );
    const codes = results.map((result) => result.body.code).sort();
    expect(codes).toEqual([200, 200, 200, 400, 400, 400]);
    for (const result of results.filter((one) => one.body.code !== 200))
      expect(result.body.message).toBe(CAP_MESSAGE);
    const db = await getDb();
    expect(await db.newsProcess.count({ where: { newsId: id } })).toBe(1000);
  });
});

describe('save_process time', () => {
  let newsId: number;
  beforeAll(async () => {
    newsId = await itemWith(1);
  });

  it.each([
    ['-0'],
    ['0.0'],
    ['00000000001'],
    ['01700000000'],
    ['1e3'],
    [' 5'],
    ['5 '],
    ['+5'],
    [0],
    [-0],
    ['-5'],
    [1.5],
    ['1700000000.0'],
  ])('refuses %p with a Chinese 400 and writes nothing', async (time) => {
    const before = await recordsOf(newsId);
    const result = await saveProcess(token, { news_id: newsId, process: 1, title: '时间', time });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe(400);
    expect(result.body.message).toMatch(/时间/);
    expect(await recordsOf(newsId)).toEqual(before);
  });

  it.each([['1700000000'], [1_700_000_000], ['1'], [1]])('takes %p as seconds since 1970', async (time) => {
    const result = await saveProcess(token, { news_id: newsId, process: 1, title: `时间 ${time}`, time });
    expect(result.body.code).toBe(200);
    const id = (result.body.data as { id: number }).id;
    const [saved] = (await processList(token, { id: newsId })).body.data.filter((row) => row.id === id);
    expect(saved.time).toBe(Number(time));
  });
});
