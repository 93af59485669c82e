import ExcelJS from 'exceljs';
import { GET as exportRoute } from '@/app/api/v1/manage/news_manage/export_news/route';
import { GET as getNewsListRoute } from '@/app/api/v1/manage/news_manage/get_news_list/route';
import { call } from '../helpers/api';
import { createClass, saveClass } from '../helpers/categories';
import { createNews } from '../helpers/news';
import { addRecord, delProcess, hrStatus, processFlow, processList } from '../helpers/process';
import { signedIn } from '../helpers/users';

const STEPS = [
  { title: '报名', value: 1 },
  { title: '面试', value: 2 },
  { title: '录用', value: 3 },
];

let token: string;
let classId: number;
const items: Record<string, number> = {};

/** An item with records at the given steps and times (seconds). */
const itemWith = async (title: string, records: [number, number][]) => {
  const id = await createNews(token, { class_id: classId, title });
  for (const [process, time] of records) await addRecord(token, { news_id: id, process, time });
  items[title] = id;
  return id;
};

const list = (query: Record<string, string | number>) =>
  call<{ data: { id: number; title: string; process: number }[]; total: number }>(getNewsListRoute, {
    token,
    query: Object.fromEntries(
      Object.entries({ class_id: classId, limit: 100, ...query }).map(([k, v]) => [k, String(v)]),
    ),
  });

const exportTitles = async (query: string) => {
  const response = await exportRoute(
    new Request(`http://127.0.0.1/api/v1/manage/news_manage/export_news?class_id=${classId}&${query}`, {
      headers: { 'x-token': token },
    }),
  );
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
  const titles: string[] = [];
  workbook.worksheets[0].eachRow((row, index) => {
    if (index > 1) titles.push(String(row.getCell(1).value));
  });
  return titles.sort();
};

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['news_content', 'class_manage'] }));
  classId = await createClass(token, { name: '招聘', class_type: '5', content_fileds: { process: STEPS } });
  // 报名→面试 gaps: 100, 300 (latest 报名 record counts: 5100 → 5400), 300; 面试→录用: 100, 200.
  await itemWith('甲', [
    [1, 1000],
    [2, 1100],
  ]);
  await itemWith('乙', [
    [1, 2000],
    [2, 2300],
    [3, 2400],
  ]);
  await itemWith('丙', [
    [1, 5000],
    [1, 5100],
    [2, 5400],
  ]);
  await itemWith('丁', []);
  await itemWith('戊', [
    [1, 9000],
    [2, 9300],
    [3, 9500],
  ]);
  await itemWith('己', [[1, 7000]]);
});

describe('get_hr_status_list', () => {
  it('counts the items standing at each step now, not started first', async () => {
    const result = await hrStatus(token, { class_id: classId });
    expect(result.body.code).toBe(200);
    expect(result.body.data).toEqual([
      { value: 0, title: '未开始', count: 1 },
      { value: 1, title: '报名', count: 1 },
      { value: 2, title: '面试', count: 2 },
      { value: 3, title: '录用', count: 2 },
    ]);
  });

  it('answers only 未开始 for a category without a process', async () => {
    const plain = await createClass(token, { name: '普通' });
    await createNews(token, { class_id: plain, title: 'x' });
    expect((await hrStatus(token, { class_id: plain })).body.data).toEqual([
      { value: 0, title: '未开始', count: 1 },
    ]);
    expect((await processFlow(token, { class_id: plain })).body.data).toEqual([]);
  });
});

describe('get_process_flow', () => {
  it('answers per step the items at it and the median time from the previous step', async () => {
    const result = await processFlow(token, { class_id: classId });
    expect(result.body.code).toBe(200);
    expect(result.body.data).toEqual([
      { value: 1, title: '报名', count: 1, median_seconds: null },
      { value: 2, title: '面试', count: 2, median_seconds: 300 },
      { value: 3, title: '录用', count: 2, median_seconds: 150 },
    ]);
  });
});

describe('the process filter of get_news_list and export_news', () => {
  it('lists and exports the items standing at one step (0: not started)', async () => {
    const at = async (process: number) => (await list({ process })).body.data.data.map((i) => i.title).sort();
    expect(await at(2)).toEqual(['丙', '甲']);
    expect(await at(3)).toEqual(['乙', '戊']);
    expect(await at(0)).toEqual(['丁']);
    expect(await at(99)).toEqual([]);
    expect((await list({ process: 2 })).body.data.total).toBe(2);
    expect((await list({ process: '' })).body.data.total).toBe(6);
    expect(await exportTitles('process=2')).toEqual(['丙', '甲']);
    expect(await exportTitles('process=1')).toEqual(['己']);
  });

  it('answers the new total of a repeated filtered list after a record moves an item', async () => {
    // Asked twice so the total is kept (list-page.ts), then a record changes what matches.
    for (let i = 0; i < 2; i += 1) expect((await list({ process: 1 })).body.data.total).toBe(1);
    const plain = await list({ process: 1, title: '己' });
    expect(plain.body.data.total).toBe(1);
    await addRecord(token, { news_id: items['己'], process: 2, time: 7600 });
    expect((await list({ process: 1 })).body.data.total).toBe(0);
    expect((await list({ process: 2 })).body.data.total).toBe(3);
    // And back on delete.
    const [record] = (await processList(token, { id: items['己'], process: 2 })).body.data;
    for (let i = 0; i < 2; i += 1) expect((await list({ process: 2 })).body.data.total).toBe(3);
    expect((await delProcess(token, { id: record.id })).body.code).toBe(200);
    expect((await list({ process: 2 })).body.data.total).toBe(2);
    expect((await list({ process: 1 })).body.data.data.map((i) => i.title)).toEqual(['己']);
  });

  it('refuses a process filter that is not a step value', async () => {
    for (const process of ['-1', 'x', '1.5', '99999999999']) {
      const result = await list({ process });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe('流程步骤的值不正确');
    }
  });
});

describe('after the steps change', () => {
  it('counts and draws the new steps only; records of a removed step stop counting', async () => {
    const saved = await saveClass(token, {
      id: classId,
      name: '招聘',
      class_type: '5',
      content_fileds: { process: [STEPS[0], STEPS[2]] },
    });
    expect(saved.body.code).toBe(200);
    expect((await hrStatus(token, { class_id: classId })).body.data).toEqual([
      { value: 0, title: '未开始', count: 1 },
      { value: 1, title: '报名', count: 3 },
      { value: 3, title: '录用', count: 2 },
    ]);
    // 录用 now follows 报名: 乙 2000 → 2400, 戊 9000 → 9500.
    expect((await processFlow(token, { class_id: classId })).body.data).toEqual([
      { value: 1, title: '报名', count: 3, median_seconds: null },
      { value: 3, title: '录用', count: 2, median_seconds: 450 },
    ]);
  });
});
