// get_log_list and export_log: only 超级管理员; the query checked with Chinese messages; the
// filters (user regardless of case, action, object type, date range) and paging, newest first;
// totals that stay exact while entries are added; the .xlsx export of the same filter.
import ExcelJS from 'exceljs';
import { GET as exportRoute } from '@/app/api/v1/manage/system_set/export_log/route';
import { getDb } from '@/lib/db/client';
import { entriesOf, logList } from '../helpers/audit';
import { signedIn } from '../helpers/users';

let token: string;
const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

/** Entries written by hand, `daysAgo` old, as fixtures for the filters. */
const seed = async (rows: { username: string; action: string; target: string; daysAgo: number }[]) => {
  const db = await getDb();
  for (const row of rows) {
    await db.$executeRaw`
      INSERT INTO audit_log (user_id, username, ip, action, target_type, target_id, detail, created_at)
      VALUES (NULL, ${row.username}, '10.9.9.9', ${row.action}, ${row.target}, 7,
              ${JSON.stringify({ name: `${row.username}-${row.action}` })}::jsonb,
              to_timestamp(${now - row.daysAgo * DAY}))`;
  }
};

/** What the filter should count, straight from the table. */
const counted = async (where: string) => {
  const db = await getDb();
  const [{ n }] = await db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM audit_log WHERE ${where}`,
  );
  return n;
};

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['admin'] }));
  await seed([
    { username: 'Li_Lei', action: 'update', target: 'news', daysAgo: 40 },
    { username: 'li_lei', action: 'delete', target: 'news', daysAgo: 30 },
    { username: 'han_mei', action: 'update', target: 'class', daysAgo: 20 },
    { username: 'han_mei', action: 'upload', target: 'file', daysAgo: 10 },
    { username: 'LI_LEI', action: 'login', target: 'user', daysAgo: 5 },
    { username: 'han_mei', action: 'delete', target: 'file', daysAgo: 2 },
  ]);
});

describe('who may read it', () => {
  it('answers 超级管理员 only; other roles get 403, no session 50008', async () => {
    for (const roles of [['system_set'], ['manage_user'], ['news_content', 'class_manage', 'system_set']]) {
      const other = await signedIn({ roles });
      expect((await logList(other.token)).status).toBe(403);
      const exported = await exportRoute(
        new Request('http://127.0.0.1/api/v1/manage/system_set/export_log', {
          headers: { 'x-token': other.token },
        }),
      );
      expect(exported.status).toBe(403);
    }
    expect((await logList('')).body.code).toBe(50008);
    const reading = await entriesOf(() => logList(token));
    expect(reading.result.body.code).toBe(200);
    // Reading the log writes nothing to it.
    expect(reading.entries).toEqual([]);
  });

  it('refuses a wrong query with a Chinese message', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ action: 'hack' }, '操作类型不正确'],
      [{ target: 'table' }, '对象类型不正确'],
      [{ limit: 500 }, '每页最多 100 条'],
      [{ page: 0 }, '页码必须是正整数'],
      [{ start: '2026-13-40' }, '开始时间格式不正确，应为秒数或 yyyy-mm-dd'],
      [{ start: now, end: now - DAY }, '开始时间不能晚于结束时间'],
      [{ user: 'x'.repeat(65) }, '用户名过长'],
    ];
    for (const [query, message] of cases) {
      expect((await logList(token, query)).body).toMatchObject({ code: 400, message });
    }
  });
});

describe('the list', () => {
  it('answers the documented fields, newest first, with 10-digit times', async () => {
    const { data } = (await logList(token, { limit: 100 })).body.data;
    expect(Object.keys(data[0]).sort()).toEqual(
      [
        'action',
        'created_at',
        'detail',
        'id',
        'ip',
        'target_id',
        'target_type',
        'user_id',
        'username',
      ].sort(),
    );
    expect(String(data[0].created_at)).toMatch(/^\d{10}$/);
    const order = data.map((row) => [row.created_at, row.id]);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(order).toEqual(sorted);
  });

  it('filters by user regardless of case, action, object type and date range, alone and together', async () => {
    const names = async (query: Record<string, string | number>) => {
      const answer = (await logList(token, { limit: 100, ...query })).body.data;
      return { total: answer.total, names: answer.data.map((row) => row.detail.name) };
    };
    expect(await names({ user: 'li_lei' })).toEqual({
      total: 3,
      names: ['LI_LEI-login', 'li_lei-delete', 'Li_Lei-update'],
    });
    expect(await names({ action: 'delete' })).toEqual({
      total: 2,
      names: ['han_mei-delete', 'li_lei-delete'],
    });
    expect(await names({ target: 'file' })).toEqual({
      total: 2,
      names: ['han_mei-delete', 'han_mei-upload'],
    });
    expect(await names({ user: 'HAN_MEI', action: 'update' })).toEqual({
      total: 1,
      names: ['han_mei-update'],
    });
    // Seconds, and days (the end day counted whole).
    expect(await names({ start: now - 25 * DAY, end: now - 3 * DAY })).toEqual({
      total: 3,
      names: ['LI_LEI-login', 'han_mei-upload', 'han_mei-update'],
    });
    const day = (daysAgo: number) => new Date((now - daysAgo * DAY) * 1000).toLocaleDateString('sv');
    expect((await names({ start: day(10), end: day(10), target: 'file' })).names).toEqual(['han_mei-upload']);
    expect(await names({ user: 'nobody' })).toEqual({ total: 0, names: [] });
  });

  it('pages through a filter without gaps or repeats, and its total follows new entries', async () => {
    const all = await counted('TRUE');
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(all / 4); page += 1) {
      const answer = (await logList(token, { page, limit: 4 })).body.data;
      expect(answer.total).toBe(all);
      seen.push(...answer.data.map((row) => row.id));
    }
    const db = await getDb();
    const expected = await db.$queryRaw<
      { id: bigint }[]
    >`SELECT id FROM audit_log ORDER BY created_at DESC, id DESC`;
    expect(seen).toEqual(expected.map((row) => Number(row.id)));
    expect((await logList(token, { page: 1000, limit: 4 })).body.data.data).toEqual([]);

    // A filter counted once; later calls add what came since, old (settled) or new.
    const before = (await logList(token, { action: 'delete' })).body.data.total;
    await seed([
      { username: 'zhao', action: 'delete', target: 'news', daysAgo: 0 },
      { username: 'zhao', action: 'delete', target: 'news', daysAgo: 0.002 },
    ]);
    expect((await logList(token, { action: 'delete' })).body.data.total).toBe(before + 2);
    expect(before + 2).toBe(await counted("action = 'delete'"));
  });
});

describe('deep pages', () => {
  it('start from kept positions and answer what skipping the offset would, as entries keep coming', async () => {
    const db = await getDb();
    const fill = (count: number, age: string) =>
      db.$executeRawUnsafe(`
      INSERT INTO audit_log (username, action, target_type, detail, created_at)
      SELECT 'deep', 'update', 'news', jsonb_build_object('name', 'deep' || g), now() - interval '${age}' - make_interval(secs => g)
      FROM generate_series(1, ${count}) g`);
    await fill(2600, '1 hour');
    // Ties on created_at are ordered by id.
    await db.$executeRaw`
      INSERT INTO audit_log (username, action, target_type, created_at)
      SELECT 'deep', 'create', 'news', date_trunc('second', now()) - interval '3 hours' FROM generate_series(1, 40)`;
    const expected = async (where: string, limit: number, offset: number) =>
      (
        await db.$queryRawUnsafe<{ id: bigint }[]>(
          `SELECT id FROM audit_log WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
        )
      ).map((row) => Number(row.id));
    const check = async (query: Record<string, string | number>, where: string) => {
      const limit = Number(query.limit);
      const answer = (await logList(token, query)).body.data;
      expect(answer.total).toBe(await counted(where));
      expect(answer.data.map((row) => row.id)).toEqual(
        await expected(where, limit, (Number(query.page) - 1) * limit),
      );
    };
    const deep = "lower(username) = 'deep'";
    for (const round of [1, 2]) {
      for (const [page, limit] of [
        [11, 100],
        [19, 100],
        [27, 100],
        [28, 100],
        [30, 37],
        [71, 37],
        [72, 37],
      ]) {
        await check({ user: 'deep', page, limit }, deep);
      }
      await check(
        { start: now - 2 * DAY, page: 12, limit: 100 },
        `created_at >= to_timestamp(${now - 2 * DAY})`,
      );
      await check(
        { action: 'create', target: 'news', page: 2, limit: 30 },
        "action = 'create' AND target_type = 'news'",
      );
      // New entries arrive; the kept positions still hold.
      if (round === 1) await fill(30, '10 seconds');
    }
  });
});

describe('export_log', () => {
  it('exports every entry of the filter as .xlsx with Chinese labels', async () => {
    const response = await exportRoute(
      new Request('http://127.0.0.1/api/v1/manage/system_set/export_log?user=han_mei', {
        headers: { 'x-token': token },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(sheet.name).toBe('操作日志');
    expect(rows[0]).toEqual(['时间', '用户', 'IP', '操作', '对象类型', '对象 ID', '对象', '详情']);
    expect(rows.slice(1).map((row) => [row[1], row[3], row[4], row[6]])).toEqual([
      ['han_mei', '删除', '文件', 'han_mei-delete'],
      ['han_mei', '上传', '文件', 'han_mei-upload'],
      ['han_mei', '修改', '栏目', 'han_mei-update'],
    ]);
    expect(rows[1][0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
