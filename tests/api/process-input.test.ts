import { getDb } from '@/lib/db/client';
import { createClass } from '../helpers/categories';
import { createNews } from '../helpers/news';
import {
  addRecord,
  allRecords,
  delProcess,
  hrStatus,
  processFlow,
  processList,
  processSteps,
  saveProcess,
} from '../helpers/process';
import { signedIn } from '../helpers/users';

const STEPS = [
  { title: '受理', value: 1 },
  { title: '办结', value: 2 },
];

let token: string;
let classId: number;
let newsId: number;
let recordId: number;

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['news_content', 'class_manage'] }));
  classId = await createClass(token, { name: '办件', class_type: '4', content_fileds: { process: STEPS } });
  newsId = await createNews(token, { class_id: classId, title: '一件' });
  recordId = await addRecord(token, { news_id: newsId, process: 1 });
});

const valid = () => ({ news_id: newsId, process: 1, title: '记录', time: 1_767_225_600 });
const CHINESE = /[\u4e00-\u9fa5]/;

/** Everything a refused call could have touched. */
const snapshot = async () => {
  const db = await getDb();
  return { records: await allRecords(), news: await db.news.findMany({ orderBy: { id: 'asc' } }) };
};

describe('save_process refuses bad input with a Chinese message and changes nothing', () => {
  const long = (n: number) => '字'.repeat(n);
  const urls = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/f${i}.pdf`);
  const cases: [string, Record<string, unknown>, string | RegExp][] = [
    ['no item', { news_id: undefined }, '请指定内容'],
    ['item id text', { news_id: 'abc' }, '内容 id 不正确'],
    ['item id fraction', { news_id: 1.5 }, '内容 id 不正确'],
    ['item id negative', { news_id: -1 }, '内容 id 不正确'],
    ['item id zero', { news_id: 0 }, '内容 id 不正确'],
    ['item id beyond int4', { news_id: 2_147_483_648 }, '内容 id 不正确'],
    ['item id boolean', { news_id: true }, '内容 id 不正确'],
    ['item id exponent', { news_id: '1e3' }, '内容 id 不正确'],
    ['record id text', { id: 'x' }, '流程记录 id 不正确'],
    ['record id beyond int4', { id: '99999999999' }, '流程记录 id 不正确'],
    ['no step', { process: undefined }, '请选择流程步骤'],
    ['step zero', { process: 0 }, '流程步骤的值不正确'],
    ['step text', { process: '第一步' }, '流程步骤的值不正确'],
    ['step fraction', { process: 1.5 }, '流程步骤的值不正确'],
    ['step the category lacks', { process: 3 }, '该栏目没有值为 3 的流程步骤，请刷新后重试'],
    ['no title', { title: undefined }, '请填写标题'],
    ['blank title', { title: '   ' }, '请填写标题'],
    ['title not text', { title: 12 }, '请填写标题'],
    ['title too long', { title: long(201) }, '标题不能超过 200 个字'],
    ['no time', { time: undefined }, '请填写时间'],
    ['empty time', { time: '' }, '请填写时间'],
    ['null time', { time: null }, '请填写时间'],
    ['zero time', { time: 0 }, '请填写时间'],
    ['negative time', { time: -5 }, '时间不能早于 1970 年'],
    ['fractional time', { time: 1_767_225_600.5 }, '时间必须是整数秒'],
    ['time after year 9999', { time: 253_402_300_800 }, '时间超出范围（应为秒级时间戳，且不晚于 9999 年）'],
    ['time in milliseconds', { time: 1_767_225_600_000 }, /时间超出范围/],
    ['time as a date text', { time: '2026-01-01' }, '时间格式不正确，应为秒级时间戳'],
    ['time as a boolean', { time: true }, '时间格式不正确，应为秒级时间戳'],
    ['remark too long', { remark: long(5001) }, '备注不能超过 5000 个字'],
    ['remark not text', { remark: 5 }, '备注格式不正确'],
    ['too many attachments', { attachments: urls(21) }, '附件最多 20 个'],
    ['attachment of another scheme', { attachments: 'javascript:alert(1)' }, '附件地址不正确'],
    ['attachment with a quote', { attachments: ['/uploads/a".pdf'] }, '附件地址不正确'],
    ['attachments not text', { attachments: 5 }, '附件格式不正确'],
  ];

  it.each(cases)('%s', async (_name, change, message) => {
    const before = await snapshot();
    const body = { ...valid(), ...change };
    for (const key of Object.keys(change))
      if (change[key] === undefined) delete body[key as keyof typeof body];
    const result = await saveProcess(token, body);
    expect(result.status).toBe(400);
    expect(result.body.code).toBe(400);
    expect(result.body.message).toMatch(message);
    expect(result.body.message).toMatch(CHINESE);
    expect(await snapshot()).toEqual(before);
  });

  it('accepts the edges: 200-character title, 5000-character remark, 20 attachments, the last second of 9999', async () => {
    const id = await createNews(token, { class_id: classId, title: '边界' });
    const result = await saveProcess(token, {
      news_id: String(id),
      process: '1',
      title: long(200),
      remark: long(5000),
      attachments: urls(20).join(','),
      time: '253402300799',
    });
    expect(result.body.code).toBe(200);
    const [row] = (await processList(token, { id })).body.data;
    expect(row).toMatchObject({ time: 253_402_300_799, attachments: urls(20).join(',') });
  });

  it('answers 404 for an item or a record that does not exist, and refuses a record of another item', async () => {
    const before = await snapshot();
    const missingItem = await saveProcess(token, { ...valid(), news_id: 2_000_000_000 });
    expect(missingItem.status).toBe(404);
    expect(missingItem.body.message).toBe('内容不存在');
    const missingRecord = await saveProcess(token, { ...valid(), id: 2_000_000_000 });
    expect(missingRecord.status).toBe(404);
    expect(missingRecord.body.message).toBe('流程记录不存在');
    const otherItem = await createNews(token, { class_id: classId, title: '另一件' });
    const foreign = await saveProcess(token, { ...valid(), id: recordId, news_id: otherItem });
    expect(foreign.body).toMatchObject({ code: 400, message: '该流程记录不属于这条内容' });
    expect((await snapshot()).records).toEqual(before.records);
  });

  it('refuses records for an item of a category without a process, or one left without steps', async () => {
    const plain = await createClass(token, { name: '普通' });
    const plainItem = await createNews(token, { class_id: plain, title: 'x' });
    const before = await snapshot();
    const result = await saveProcess(token, { ...valid(), news_id: plainItem });
    expect(result.body).toMatchObject({ code: 400, message: '该栏目不是流程类栏目，不能填写流程' });
    // The category editor refuses a type-4 category without steps; an old row may still lack them.
    const bare = await createClass(token, {
      name: '无步骤',
      class_type: '4',
      content_fileds: { process: STEPS },
    });
    const bareItem = await createNews(token, { class_id: bare, title: 'y' });
    const db = await getDb();
    await db.newsClass.update({ where: { id: bare }, data: { contentFields: { process: [] } } });
    const noSteps = await saveProcess(token, { ...valid(), news_id: bareItem });
    expect(noSteps.body).toMatchObject({ code: 400, message: '该栏目还没有流程步骤，请先在栏目管理中添加' });
    expect((await processSteps(token, { id: bareItem })).body.data).toEqual([]);
    expect((await snapshot()).records).toEqual(before.records);
  });
});

describe('the other process calls refuse bad input', () => {
  it('del_process', async () => {
    const before = await snapshot();
    for (const [body, message] of [
      [{}, '请指定要删除的流程记录'],
      [{ id: 'x' }, '流程记录 id 不正确'],
      [{ id: -2 }, '流程记录 id 不正确'],
      [{ id: [recordId] }, '流程记录 id 不正确'],
    ] as const) {
      const result = await delProcess(token, body);
      expect(result.body).toMatchObject({ code: 400, message });
    }
    const missing = await delProcess(token, { id: 2_000_000_000 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('流程记录不存在');
    expect(await snapshot()).toEqual(before);
  });

  it('get_process_steps and get_process_list', async () => {
    for (const call of [processSteps, processList]) {
      expect((await call(token, {})).body).toMatchObject({ code: 400, message: '请指定内容' });
      expect((await call(token, { id: 'x' })).body).toMatchObject({ code: 400, message: '内容 id 不正确' });
      const missing = await call(token, { id: 2_000_000_000 });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('内容不存在');
    }
    for (const process of ['x', '-1', '0', '1.5'])
      expect((await processList(token, { id: newsId, process })).body).toMatchObject({
        code: 400,
        message: '流程步骤的值不正确',
      });
  });

  it('get_hr_status_list and get_process_flow', async () => {
    const single = await createClass(token, { name: '单页', class_type: '1' });
    for (const call of [hrStatus, processFlow]) {
      expect((await call(token, {})).body).toMatchObject({ code: 400, message: '请指定栏目' });
      expect((await call(token, { class_id: '1;drop' })).body).toMatchObject({
        code: 400,
        message: '栏目 id 不正确',
      });
      const missing = await call(token, { class_id: 2_000_000_000 });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toMatch(CHINESE);
      expect((await call(token, { class_id: single })).body).toMatchObject({
        code: 400,
        message: '单页栏目没有内容列表',
      });
    }
  });
});

describe('roles', () => {
  it('refuses every process call to a user without news_content (403) and to no session', async () => {
    const { token: outsider } = await signedIn({ roles: ['class_manage', 'system_set'] });
    const before = await snapshot();
    const results = [
      await processSteps(outsider, { id: newsId }),
      await processList(outsider, { id: newsId }),
      await saveProcess(outsider, valid()),
      await delProcess(outsider, { id: recordId }),
      await hrStatus(outsider, { class_id: classId }),
      await processFlow(outsider, { class_id: classId }),
    ];
    for (const result of results) {
      expect(result.status).toBe(403);
      expect(result.body).toMatchObject({ code: 403, message: '没有权限执行此操作' });
    }
    expect((await saveProcess('', valid())).body.code).toBe(50008);
    expect((await delProcess('', { id: recordId })).body.code).toBe(50008);
    expect(await snapshot()).toEqual(before);
    // And news_content alone is enough.
    const { token: editor } = await signedIn({ roles: ['news_content'] });
    expect((await processList(editor, { id: newsId })).body.code).toBe(200);
  });
});
