import { GET as getNewsOneRoute } from '@/app/api/v1/manage/news_manage/get_news_one/route';
import { POST as lockNewsRoute } from '@/app/api/v1/manage/news_manage/lock_news/route';
import { call } from '../helpers/api';
import { createClass } from '../helpers/categories';
import { createNews, saveNews } from '../helpers/news';
import {
  addRecord,
  allRecords,
  delProcess,
  processList,
  processSteps,
  saveProcess,
  storedProcess,
} from '../helpers/process';
import { signedIn } from '../helpers/users';

// Step values on purpose neither 1, 2, 3 nor in numeric order: the list order is what counts.
const STEPS = [
  { title: '受理', value: 30 },
  { title: '审核', value: 10 },
  { title: '办结', value: 20 },
];

let token: string;
let classId: number;

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['news_content', 'class_manage'], name: '办事员甲' }));
  classId = await createClass(token, { name: '办件', class_type: '4', content_fileds: { process: STEPS } });
});

const newItem = (title = '一件事') => createNews(token, { class_id: classId, title });

describe('save_process gating and the derived process', () => {
  it('refuses a step whose earlier steps have no record, naming the first one missing', async () => {
    const id = await newItem();
    const result = await saveProcess(token, { news_id: id, process: 20, title: '办完', time: 1_767_225_600 });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 400, message: '请先填写:受理' });
    await addRecord(token, { news_id: id, process: 30 });
    const second = await saveProcess(token, { news_id: id, process: 20, title: '办完', time: 1_767_225_600 });
    expect(second.body.message).toBe('请先填写:审核');
    expect(await storedProcess(id)).toBe(30);
  });

  it('sets process to the furthest step with a record on save, edit and delete', async () => {
    const id = await newItem();
    expect(await storedProcess(id)).toBe(0);
    const first = await addRecord(token, { news_id: id, process: 30, time: 1_767_225_600 });
    expect(await storedProcess(id)).toBe(30);
    const second = await addRecord(token, { news_id: id, process: 10, time: 1_767_312_000 });
    expect(await storedProcess(id)).toBe(10);
    const extra = await addRecord(token, { news_id: id, process: 30, time: 1_767_398_400 });
    await addRecord(token, { news_id: id, process: 20 });
    expect(await storedProcess(id)).toBe(20);

    // Deleting back from the last step.
    const [last] = (await processList(token, { id, process: 20 })).body.data;
    expect((await delProcess(token, { id: last.id })).body.code).toBe(200);
    expect(await storedProcess(id)).toBe(10);
    // Edit moving the 审核 record back to 受理: 受理 keeps records, nothing later has any.
    const moved = await saveProcess(token, { id: second, news_id: id, process: 30, title: '改回', time: 1 });
    expect(moved.body).toMatchObject({ code: 200, data: { id: second } });
    expect(await storedProcess(id)).toBe(30);
    // Deleting one of several records of a step keeps the step.
    expect((await delProcess(token, { id: first })).body.code).toBe(200);
    expect(await storedProcess(id)).toBe(30);
    expect((await delProcess(token, { id: second })).body.code).toBe(200);
    expect((await delProcess(token, { id: extra })).body.code).toBe(200);
    expect(await storedProcess(id)).toBe(0);
  });

  it('refuses to delete the last record of a step while a later step has records', async () => {
    const id = await newItem();
    const a = await addRecord(token, { news_id: id, process: 30 });
    const b = await addRecord(token, { news_id: id, process: 10 });
    await addRecord(token, { news_id: id, process: 20 });
    const before = await allRecords();
    for (const record of [a, b]) {
      const result = await delProcess(token, { id: record });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe('请先删除「办结」的流程记录');
    }
    expect(await allRecords()).toEqual(before);
    expect(await storedProcess(id)).toBe(20);
  });

  it('refuses an edit that moves a record past the gate or away from a step later ones depend on', async () => {
    const id = await newItem();
    const a = await addRecord(token, { news_id: id, process: 30 });
    const b = await addRecord(token, { news_id: id, process: 10 });
    const before = await allRecords();
    // Moving the only 受理 record to 审核 would leave 受理 empty before it.
    const forward = await saveProcess(token, { id: a, news_id: id, process: 10, title: 'x', time: 5 });
    expect(forward.body.message).toBe('请先填写:受理');
    // Moving it to 办结 is past the gate as well.
    const far = await saveProcess(token, { id: a, news_id: id, process: 20, title: 'x', time: 5 });
    expect(far.body.message).toBe('请先填写:受理');
    // Moving the 审核 record on to 办结 leaves 审核 empty before 办结.
    const skip = await saveProcess(token, { id: b, news_id: id, process: 20, title: 'x', time: 5 });
    expect(skip.body.message).toBe('请先填写:审核');
    expect(await allRecords()).toEqual(before);
    // With a second 受理 record, the first may move on... to 审核 only.
    await addRecord(token, { news_id: id, process: 30 });
    const ok = await saveProcess(token, { id: a, news_id: id, process: 10, title: '改到审核', time: 5 });
    expect(ok.body.code).toBe(200);
    // Now 审核 has two records: moving one of them back to 受理 is fine, but 受理 then 审核 each keep one.
    const back = await saveProcess(token, { id: b, news_id: id, process: 30, title: '退回', time: 6 });
    expect(back.body.code).toBe(200);
    expect(await storedProcess(id)).toBe(10);
  });

  it('refuses to move the last record of a step back when a later step has records', async () => {
    const id = await newItem();
    await addRecord(token, { news_id: id, process: 30 });
    const b = await addRecord(token, { news_id: id, process: 10 });
    await addRecord(token, { news_id: id, process: 20 });
    const before = await allRecords();
    const result = await saveProcess(token, { id: b, news_id: id, process: 30, title: 'x', time: 5 });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('请先删除「办结」的流程记录');
    expect(await allRecords()).toEqual(before);
  });

  it('stores the record and answers it in the list, newest first by time then id', async () => {
    const id = await newItem();
    const a = await addRecord(token, {
      news_id: id,
      process: 30,
      title: '  收件  ',
      time: 1_767_225_600,
      remark: '材料齐全',
      attachments: ['/uploads/a.pdf', 'https://cdn.example.com/b.png'],
    });
    const b = await addRecord(token, { news_id: id, process: 10, title: '初审', time: '1767312000' });
    const c = await addRecord(token, { news_id: id, process: 30, title: '补件', time: 1_767_312_000 });
    const all = (await processList(token, { id })).body.data;
    expect(all.map((row) => row.id)).toEqual([c, b, a]);
    expect(all[2]).toEqual({
      id: a,
      news_id: id,
      process: 30,
      process_name: '受理',
      step_removed: false,
      title: '收件',
      time: 1_767_225_600,
      remark: '材料齐全',
      attachments: '/uploads/a.pdf,https://cdn.example.com/b.png',
      created_by_name: '办事员甲',
    });
    expect((await processList(token, { id, process: 30 })).body.data.map((row) => row.id)).toEqual([c, a]);
    expect((await processList(token, { id, process: '' })).body.data).toHaveLength(3);
    expect((await processList(token, { id, process: 20 })).body.data).toEqual([]);
  });

  it('answers each step in order with the time of its latest record', async () => {
    const id = await newItem();
    expect((await processSteps(token, { id })).body.data).toEqual([
      { id: 30, content: '受理', timestamp: null },
      { id: 10, content: '审核', timestamp: null },
      { id: 20, content: '办结', timestamp: null },
    ]);
    await addRecord(token, { news_id: id, process: 30, time: 1_767_312_000 });
    await addRecord(token, { news_id: id, process: 30, time: 1_767_225_600 });
    await addRecord(token, { news_id: id, process: 10, time: 1_767_398_400 });
    expect((await processSteps(token, { id })).body.data).toEqual([
      { id: 30, content: '受理', timestamp: 1_767_312_000 },
      { id: 10, content: '审核', timestamp: 1_767_398_400 },
      { id: 20, content: '办结', timestamp: null },
    ]);
  });

  it('takes no record change on a locked item', async () => {
    const id = await newItem();
    const record = await addRecord(token, { news_id: id, process: 30 });
    await call(lockNewsRoute, { method: 'POST', token, body: { id, is_lock: 1 } });
    const before = await allRecords();
    const add = await saveProcess(token, { news_id: id, process: 10, title: 'x', time: 5 });
    const edit = await saveProcess(token, { id: record, news_id: id, process: 30, title: 'x', time: 5 });
    const del = await delProcess(token, { id: record });
    for (const result of [add, edit, del]) {
      expect(result.status).toBe(400);
      expect(result.body.message).toBe('该内容已锁定，请先解锁');
    }
    expect(await allRecords()).toEqual(before);
    expect(await storedProcess(id)).toBe(30);
    // Reading still works.
    expect((await processList(token, { id })).body.data).toHaveLength(1);
  });

  it('does not let save_news_info overwrite the derived process, in a process category', async () => {
    const id = await newItem();
    await addRecord(token, { news_id: id, process: 30 });
    const saved = await saveNews(token, { id, class_id: classId, title: '改名', process: 20 });
    expect(saved.body.code).toBe(200);
    expect(await storedProcess(id)).toBe(30);
    const created = await createNews(token, { class_id: classId, title: '新的', process: 10 });
    expect(await storedProcess(created)).toBe(0);
    const one = await call<{ process: number }>(getNewsOneRoute, { token, query: { id: String(id) } });
    expect(one.body.data.process).toBe(30);
  });

  it('keeps save_news_info writing process in other categories', async () => {
    const plain = await createClass(token, { name: '普通', class_type: '0' });
    const id = await createNews(token, { class_id: plain, title: 'a', process: 3 });
    expect(await storedProcess(id)).toBe(3);
    await saveNews(token, { id, class_id: plain, title: 'a', process: 5 });
    expect(await storedProcess(id)).toBe(5);
  });
});
