import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { POST as moveNewsRoute } from '@/app/api/v1/manage/news_manage/move_news/route';
import { getDb } from '@/lib/db/client';
import { call } from '../helpers/api';
import { createClass, saveClass } from '../helpers/categories';
import { createNews } from '../helpers/news';
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

const A = { title: '受理', value: 1 };
const B = { title: '审核', value: 2 };
const C = { title: '办结', value: 3 };

let token: string;

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['news_content', 'class_manage'] }));
});

const processClass = (name: string, steps: { title: string; value: number }[], classType = '4') =>
  createClass(token, { name, class_type: classType, content_fileds: { process: steps } });

const setSteps = async (id: number, name: string, steps: { title: string; value: number }[]) => {
  const result = await saveClass(token, { id, name, class_type: '4', content_fileds: { process: steps } });
  expect(result.body.code).toBe(200);
};

/** An item of the category with one record at each of the given steps, in order. */
const itemAt = async (classId: number, steps: number[]) => {
  const id = await createNews(token, { class_id: classId, title: '事项' });
  for (const process of steps) await addRecord(token, { news_id: id, process });
  return id;
};

describe('changing a category steps', () => {
  it('keeps every record; one of a removed step shows its old title, stops counting, and may be edited in place', async () => {
    const classId = await processClass('改步骤', [A, B, C]);
    const id = await itemAt(classId, [1, 2, 3]);
    const before = await allRecords();
    await setSteps(classId, '改步骤', [A, B]);
    expect(await allRecords()).toEqual(before);
    expect(await storedProcess(id)).toBe(2);
    expect((await processSteps(token, { id })).body.data.map((step) => step.id)).toEqual([1, 2]);
    const [removed] = (await processList(token, { id, process: 3 })).body.data;
    expect(removed).toMatchObject({ process: 3, process_name: '办结', step_removed: true });
    // 审核 is now last: its only record may go although the removed step still has one.
    const [review] = (await processList(token, { id, process: 2 })).body.data;
    expect((await delProcess(token, { id: review.id })).body.code).toBe(200);
    expect(await storedProcess(id)).toBe(1);
    // The old record may be edited where it is, but no new record goes to the removed step.
    const edit = await saveProcess(token, { id: removed.id, news_id: id, process: 3, title: '改', time: 9 });
    expect(edit.body.code).toBe(200);
    const added = await saveProcess(token, { news_id: id, process: 3, title: '新', time: 9 });
    expect(added.body.message).toBe('该栏目没有值为 3 的流程步骤，请刷新后重试');
    // A record saved before titles were kept shows 已删除的步骤.
    const db = await getDb();
    await db.newsProcess.update({ where: { id: removed.id }, data: { processTitle: '' } });
    expect((await processList(token, { id, process: 3 })).body.data[0].process_name).toBe('已删除的步骤');
    // The step back: its record counts again, under the step's current title.
    await setSteps(classId, '改步骤', [A, B, { title: '完成', value: 3 }]);
    expect(await storedProcess(id)).toBe(3);
    expect((await processList(token, { id, process: 3 })).body.data[0]).toMatchObject({
      process_name: '完成',
      step_removed: false,
    });
  });

  it('recomputes on a new order of the steps and on a renamed step keeps the process', async () => {
    const classId = await processClass('换顺序', [A, B, C]);
    const id = await itemAt(classId, [1, 2]);
    await setSteps(classId, '换顺序', [B, A, C]);
    expect(await storedProcess(id)).toBe(1);
    await setSteps(classId, '换顺序', [B, { title: '收件', value: 1 }, C]);
    expect(await storedProcess(id)).toBe(1);
    expect((await processSteps(token, { id })).body.data.map((step) => step.content)).toEqual([
      '审核',
      '收件',
      '办结',
    ]);
  });

  it('derives process from records when a list category becomes a process category', async () => {
    const classId = await createClass(token, { name: '转流程' });
    const id = await createNews(token, { class_id: classId, title: 'x', process: 7 });
    expect(await storedProcess(id)).toBe(7);
    await setSteps(classId, '转流程', [A]);
    expect(await storedProcess(id)).toBe(0);
  });
});

describe('deleting and moving items', () => {
  it('deleting an item takes its records with it to the 回收站', async () => {
    const classId = await processClass('删除', [A, B]);
    const id = await itemAt(classId, [1, 2, 2]);
    const keep = await itemAt(classId, [1]);
    const result = await call(delNewsRoute, { method: 'DELETE', token, body: { id } });
    expect(result.body.code).toBe(200);
    const db = await getDb();
    expect(await db.newsProcess.count({ where: { newsId: id } })).toBe(0);
    expect(await db.newsProcess.count({ where: { newsId: keep } })).toBe(1);
    const binned = await db.newsTrash.findUniqueOrThrow({ where: { id } });
    expect((binned.records as { process: number }[]).map((record) => record.process)).toEqual([1, 2, 2]);
  });

  it('moving items recomputes their process against the target steps', async () => {
    const source = await processClass('来源', [A, B, C]);
    const sameValues = await processClass('同值', [A, { title: '复核', value: 2 }]);
    const fewer = await processClass('只有办结', [C, { title: '归档', value: 9 }]);
    const none = await processClass('无关', [{ title: '其他', value: 50 }]);
    const first = await itemAt(source, [1, 2, 3]);
    const second = await itemAt(source, [1, 2]);
    const move = (ids: number[], classId: number) =>
      call(moveNewsRoute, { method: 'POST', token, body: { ids, class_id: classId } });
    expect((await move([first, second], sameValues)).body.code).toBe(200);
    expect([await storedProcess(first), await storedProcess(second)]).toEqual([2, 2]);
    expect((await move([first, second], fewer)).body.code).toBe(200);
    expect([await storedProcess(first), await storedProcess(second)]).toEqual([3, 0]);
    expect((await move([first], none)).body.code).toBe(200);
    expect(await storedProcess(first)).toBe(0);
    // Back home: the records were never touched.
    expect((await move([first, second], source)).body.code).toBe(200);
    expect([await storedProcess(first), await storedProcess(second)]).toEqual([3, 2]);
    expect((await processList(token, { id: first })).body.data).toHaveLength(3);
  });
});
