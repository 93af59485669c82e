// save_news_info creating items at once (lib/news/create-news.ts): in a category with a running
// number (auto field) creations are serialised on the category's lock, so the numbers are exact,
// distinct and without gaps; in one without, each creation is one statement with its 操作日志
// entry. A schema changed after this process cached the category is honoured by the next create.
import { getDb } from '@/lib/db/client';
import { createClass, field, saveClass } from '../helpers/categories';
import { saveNews } from '../helpers/news';
import { signedIn } from '../helpers/users';

let token: string;
let userId: number;

beforeAll(async () => {
  const signed = await signedIn({ roles: ['news_content', 'class_manage'], name: '并发编辑' });
  ({ token } = signed);
  userId = signed.user.id;
});

const createAll = async (classId: number, count: number, prefix: string) => {
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      saveNews(token, { class_id: classId, title: `${prefix}${i}`, source: `来源${i}` }),
    ),
  );
  expect(results.map((result) => result.body.code)).toEqual(results.map(() => 200));
  return results.map((result) => result.body.data.id);
};

const itemsOf = async (classId: number) => {
  const db = await getDb();
  return db.$queryRaw<{ id: number; title: string; fields: Record<string, unknown> }[]>`
    SELECT id, title, fields FROM news WHERE class_id = ${classId} ORDER BY id`;
};

const createEntriesOf = async (ids: number[]) => {
  const db = await getDb();
  return db.$queryRaw<{ target_id: number; user_id: number; detail: Record<string, unknown> }[]>`
    SELECT target_id, user_id, detail FROM audit_log
    WHERE action = 'create' AND target_type = 'news' AND target_id = ANY(${ids}::int[]) ORDER BY target_id`;
};

it('50 creations at once in a category with a running number get 1…50, each once', async () => {
  const classId = await createClass(token, {
    name: '并发编号',
    content_fileds: {
      list: [field({ key: 'source', title: '来源' }), field({ key: 'no', title: '编号', type: 'auto' })],
    },
  });
  const ids = await createAll(classId, 50, '编号内容');
  const items = await itemsOf(classId);
  expect(items.map((item) => item.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  expect(items.map((item) => item.fields.no).sort((a, b) => Number(a) - Number(b))).toEqual(
    Array.from({ length: 50 }, (_, i) => i + 1),
  );
  // Numbers follow the order the creations committed in, which is the order of their ids.
  expect(items.map((item) => item.fields.no)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  const entries = await createEntriesOf(ids);
  expect(entries.map((entry) => entry.target_id)).toEqual([...ids].sort((a, b) => a - b));
});

it('50 creations at once in a category without one all succeed, each with its 操作日志 entry', async () => {
  const classId = await createClass(token, {
    name: '并发无编号',
    content_fileds: { list: [field({ key: 'source', title: '来源' })] },
  });
  const ids = await createAll(classId, 50, '普通内容');
  const items = await itemsOf(classId);
  expect(items).toHaveLength(50);
  expect(new Set(items.map((item) => item.title)).size).toBe(50);
  const entries = await createEntriesOf(ids);
  expect(entries).toHaveLength(50);
  const titleOf = new Map(items.map((item) => [item.id, item.title]));
  for (const entry of entries) {
    expect(entry.user_id).toBe(userId);
    expect(entry.detail).toEqual({
      name: titleOf.get(entry.target_id),
      values: { class_id: classId, class_name: '并发无编号' },
    });
  }
});

it('a create follows the schema as it now is, after this process cached the category', async () => {
  const classId = await createClass(token, {
    name: '改过的栏目',
    content_fileds: { list: [field({ key: 'source', title: '来源' })] },
  });
  await createAll(classId, 2, '改前');
  // A running number and a required field added, and the category renamed.
  const changed = await saveClass(token, {
    id: classId,
    name: '改后的栏目',
    content_fileds: {
      list: [
        field({ key: 'source', title: '来源' }),
        field({ key: 'no', title: '编号', type: 'auto' }),
        field({ key: 'memo', title: '备注', ismust: true }),
      ],
    },
  });
  expect(changed.body.code).toBe(200);
  const db = await getDb();
  const before = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM audit_log`;
  const refused = await saveNews(token, { class_id: classId, title: '缺备注' });
  expect(refused.body.code).toBe(400);
  // A refusal writes nothing: no item, no entry.
  expect(await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM audit_log`).toEqual(before);
  expect((await itemsOf(classId)).map((item) => item.title)).not.toContain('缺备注');
  const made = await saveNews(token, { class_id: classId, title: '改后', memo: '有备注' });
  expect(made.body.code).toBe(200);
  const [item] = (await itemsOf(classId)).filter((row) => row.id === made.body.data.id);
  expect(item.fields).toMatchObject({ no: 1, memo: '有备注' });
  const [entry] = await createEntriesOf([made.body.data.id]);
  expect(entry.detail).toEqual({ name: '改后', values: { class_id: classId, class_name: '改后的栏目' } });
});
