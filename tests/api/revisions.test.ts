// 历史版本 (lib/revisions/): one revision per change of an item, in the change's own statement or
// transaction; the list, a snapshot, the diff and revert_news.
import fc from 'fast-check';
import { POST as saveClassRoute } from '@/app/api/v1/manage/class_manage/save_class/route';
import { GET as getClassOneRoute } from '@/app/api/v1/manage/class_manage/get_class_one/route';
import { GET as getClassInfoRoute } from '@/app/api/v1/manage/news_manage/get_calss_info/route';
import { GET as classDiffRoute } from '@/app/api/v1/manage/news_manage/diff_class_info_revisions/route';
import { GET as classRevisionsRoute } from '@/app/api/v1/manage/news_manage/get_class_info_revisions/route';
import { POST as classRevertRoute } from '@/app/api/v1/manage/news_manage/revert_class_info/route';
import { POST as saveClassInfoRoute } from '@/app/api/v1/manage/news_manage/save_class_info/route';
import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { GET as getNewsOneRoute } from '@/app/api/v1/manage/news_manage/get_news_one/route';
import { POST as lockNewsRoute } from '@/app/api/v1/manage/news_manage/lock_news/route';
import { POST as moveNewsRoute } from '@/app/api/v1/manage/news_manage/move_news/route';
import { GET as diffRoute } from '@/app/api/v1/manage/news_manage/diff_news_revisions/route';
import { GET as revisionRoute } from '@/app/api/v1/manage/news_manage/get_news_revision/route';
import { GET as revisionsRoute } from '@/app/api/v1/manage/news_manage/get_news_revisions/route';
import { POST as restoreNewsRoute } from '@/app/api/v1/manage/news_manage/restore_news/route';
import { POST as revertRoute } from '@/app/api/v1/manage/news_manage/revert_news/route';
import { getDb } from '@/lib/db/client';
import { EDITED_ELSEWHERE } from '@/lib/news/update-news';
import { LOCKED_MESSAGE } from '@/lib/news/lock-rules';
import { call } from '../helpers/api';
import { createClass, field } from '../helpers/categories';
import { createNews, saveNews, setRevisionKeep } from '../helpers/news';
import { addRecord, delProcess } from '../helpers/process';
import { signedIn } from '../helpers/users';

type Item = Record<string, unknown>;
type Summary = { rev: number; action: string; user_name: string; time: number; changed: string[] };

const PICTURE = '/uploads/2026/01/0123456789abcdef0123456789abcdef.png';

const schema = [
  field({ key: 'source', title: '来源' }),
  field({ key: 'memo', title: '备注', type: 'mult_string' }),
  field({ key: 'price', title: '价格', type: 'float' }),
  field({ key: 'qty', title: '数量', type: 'int' }),
  field({
    key: 'status',
    title: '状态',
    type: 'select',
    options: [
      { label: '草稿', value: 'draft' },
      { label: '已发布', value: 'pub' },
    ],
  }),
  field({
    key: 'tags',
    title: '标签',
    type: 'mult_select',
    options: [
      { label: '要闻', value: 'hot' },
      { label: '本地', value: 'local' },
    ],
  }),
  field({ key: 'day', title: '日期', type: 'date' }),
  field({ key: 'at', title: '时间', type: 'datetime' }),
  field({ key: 'tint', title: '颜色', type: 'color' }),
  field({ key: 'cover', title: '封面', type: 'one_picture' }),
  field({ key: 'gallery', title: '图集', type: 'mult_pictures' }),
  field({ key: 'body', title: '正文二', type: 'html_editor' }),
  field({ key: 'no', title: '编号', type: 'auto' }),
  field({
    key: 'rows',
    title: '明细',
    type: 'child_info',
    child_info: [
      field({ key: 'name', title: '姓名' }),
      field({ key: 'note', title: '说明', type: 'html_editor' }),
    ],
  }),
];

let token: string;
let classId: number;
let otherClassId: number;

const newsOne = async (id: number) => {
  const result = await call<Item>(getNewsOneRoute, { token, query: { id: String(id) } });
  expect(result.body.code).toBe(200);
  return result.body.data;
};
const revisions = async (id: number, who = token) =>
  call<{ data: Summary[]; total: number }>(revisionsRoute, {
    token: who,
    query: { id: String(id), limit: '100' },
  });
const actionsOf = async (id: number) =>
  (await revisions(id)).body.data.data.map((row) => row.action).reverse();
const revert = (body: Record<string, unknown>, who = token) =>
  call<{ row_version: string; dropped: string[] }>(revertRoute, { method: 'POST', token: who, body });
/** A 内容管理 user limited to `classIds`. */
const limitedEditor = async (classIds: number[]) => {
  const { user, token: limited } = await signedIn({ roles: ['news_content'] });
  const db = await getDb();
  await db.adminUser.update({ where: { id: user.id }, data: { classIds } });
  return limited;
};
const revisionCount = async (id: number) => {
  const db = await getDb();
  const [{ n }] = await db.$queryRaw<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM news_revision WHERE news_id = ${id}`;
  return n;
};
/** What get_news_one answers that a revert does not bring back: bookkeeping. */
const content = (item: Item) => {
  const { updated_at: _updated, row_version: _version, ...rest } = item;
  return rest;
};

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['news_content', 'class_manage'], name: '编辑甲' }));
  classId = await createClass(token, { name: '历史', content_fileds: { list: schema } });
  otherClassId = await createClass(token, { name: '历史二', content_fileds: { list: schema } });
});

describe('a revision for every change of an item, none for a refused one', () => {
  it('create, update, lock, unlock, move, process records and revert each write one, numbered 1, 2, …', async () => {
    const id = await createNews(token, { class_id: classId, title: '第一版', source: '甲' });
    await saveNews(token, { id, class_id: classId, title: '第二版', source: '乙', qty: 3 });
    await call(lockNewsRoute, { method: 'POST', token, body: { id, is_lock: 1 } });
    await call(lockNewsRoute, { method: 'POST', token, body: { id, is_lock: 0 } });
    await call(moveNewsRoute, { method: 'POST', token, body: { ids: [id], class_id: otherClassId } });
    expect(await actionsOf(id)).toEqual(['create', 'update', 'lock', 'unlock', 'move']);
    const { data } = (await revisions(id)).body.data;
    expect(data.map((row) => row.rev)).toEqual([5, 4, 3, 2, 1]);
    expect(data[0]).toMatchObject({
      action: 'move',
      user_name: '编辑甲',
      changed: ['class_id', 'old_class'],
    });
    // A save sends the whole form: the dates it leaves out are cleared (they were filled in at creation).
    expect(data[3].changed.sort()).toEqual(['at', 'day', 'qty', 'source', 'title']);
    expect(data[2].changed).toEqual(['is_lock']);
    expect(Math.abs(data[0].time - Date.now() / 1000)).toBeLessThan(60);
  });

  it('a process record saved or deleted is a change of the item (action process)', async () => {
    const steps = [
      { title: '受理', value: 1 },
      { title: '办结', value: 2 },
    ];
    const processClass = await createClass(token, {
      name: '流程历史',
      class_type: '4',
      content_fileds: { list: [], process: steps },
    });
    const id = await createNews(token, { class_id: processClass, title: '事项' });
    const record = await addRecord(token, { news_id: id, process: 1 });
    expect((await delProcess(token, { id: record })).body.code).toBe(200);
    expect(await actionsOf(id)).toEqual(['create', 'process', 'process']);
    const { data } = (await revisions(id)).body.data;
    expect(data[1].changed).toEqual(['process']);
    expect(data[0].changed).toEqual(['process']);
  });

  it('a refused save, lock or revert writes none', async () => {
    const id = await createNews(token, { class_id: classId, title: '拒绝' });
    const { row_version } = await newsOne(id);
    await saveNews(token, { id, class_id: classId, title: '别人先改' });
    const stale = await saveNews(token, { id, class_id: classId, title: '过期', row_version });
    expect(stale.body).toMatchObject({ code: 400, message: EDITED_ELSEWHERE });
    const outsider = await limitedEditor([otherClassId]);
    const forbidden = await call(lockNewsRoute, {
      method: 'POST',
      token: outsider,
      body: { id, is_lock: 1 },
    });
    expect(forbidden.status).toBe(403);
    await call(lockNewsRoute, { method: 'POST', token, body: { id, is_lock: 1 } });
    const locked = await saveNews(token, { id, class_id: classId, title: '锁着' });
    expect(locked.body.message).toBe(LOCKED_MESSAGE);
    expect((await revert({ id, rev: 1 })).body.message).toBe(LOCKED_MESSAGE);
    expect(await actionsOf(id)).toEqual(['create', 'update', 'lock']);
  });
});

describe('get_news_revision and diff_news_revisions', () => {
  it('answer the state at a revision like get_news_one, and what differs field by field', async () => {
    const id = await createNews(token, {
      class_id: classId,
      title: '旧标题',
      content: '<p>我们今天去北京参加会议。</p>',
      status: 'draft',
      rows: [{ name: '张三', note: '<p>甲</p>' }],
    });
    const first = await newsOne(id);
    await saveNews(token, {
      id,
      class_id: classId,
      title: '新标题',
      content: '<p>我们明天去上海参加会议。</p>',
      status: 'pub',
      rows: [
        { name: '张三', note: '<p>甲</p>' },
        { name: '李四', note: '' },
      ],
    });
    const snapshot = await call<Item>(revisionRoute, { token, query: { id: String(id), rev: '1' } });
    expect(snapshot.body.data).toMatchObject({
      ...content(first),
      rev: 1,
      action: 'create',
      user_name: '编辑甲',
    });

    // The form sends every field; the dates left out here are cleared (filled in at creation).
    const diff = await call<
      { key: string; title: string; before: unknown; after: unknown; diff?: unknown[] }[]
    >(diffRoute, { token, query: { id: String(id), from: '1' } });
    const byKey = Object.fromEntries(diff.body.data.map((row) => [row.key, row]));
    expect(Object.keys(byKey).sort()).toEqual(['at', 'content', 'day', 'rows', 'status', 'title']);
    expect(byKey.title).toMatchObject({ title: '标题', before: '旧标题', after: '新标题' });
    expect(byKey.status).toMatchObject({ title: '状态', before: 'draft', after: 'pub' });
    expect(byKey.rows.after).toHaveLength(2);
    expect(byKey.content.diff).toEqual(
      expect.arrayContaining([
        { op: 'delete', text: expect.stringContaining('今天') },
        { op: 'insert', text: expect.stringContaining('明天') },
        { op: 'equal', text: expect.stringContaining('参加会议') },
      ]),
    );
    // Between two revisions (to given): the same differences here, as revision 2 is the current state.
    const between = await call<unknown[]>(diffRoute, {
      token,
      query: { id: String(id), from: '1', to: '2' },
    });
    expect(between.body.data).toEqual(diff.body.data);
    const none = await call<unknown[]>(diffRoute, { token, query: { id: String(id), from: '2' } });
    expect(none.body.data).toEqual([]);
  });

  it('refuse a revision that does not exist, an item outside the caller’s categories, bad ids', async () => {
    const id = await createNews(token, { class_id: classId, title: '范围' });
    const missing = await call(revisionRoute, { token, query: { id: String(id), rev: '99' } });
    expect(missing.status).toBe(404);
    const outsider = await limitedEditor([otherClassId]);
    for (const route of [revisionsRoute, revisionRoute, diffRoute]) {
      const refused = await call(route, { token: outsider, query: { id: String(id), rev: '1', from: '1' } });
      expect(refused.status).toBe(403);
    }
    expect((await revert({ id, rev: 1 }, outsider)).status).toBe(403);
    const bad = await call(revisionRoute, { token, query: { id: String(id), rev: '1.5' } });
    expect(bad.status).toBe(400);
    expect((await call(revisionsRoute, { token, query: { id: '0' } })).status).toBe(400);
    expect((await revisions(2_000_000)).status).toBe(404);
  });
});

describe('revert_news', () => {
  it('makes the item equal to the snapshot, writes a revert revision and keeps history', async () => {
    const id = await createNews(token, {
      class_id: classId,
      title: '原文',
      content: '<p>第一段 <strong>粗</strong> &amp; 符号</p>',
      rows: [{ name: '甲' }, { name: '乙' }],
      tags: ['hot', 'local'],
      cover: PICTURE,
    });
    const first = await newsOne(id);
    await saveNews(token, {
      id,
      class_id: classId,
      title: '改过',
      content: '<p>新</p>',
      rows: [],
      tags: [],
      cover: '',
    });
    const { row_version } = await newsOne(id);
    const reverted = await revert({ id, rev: 1, row_version });
    expect(reverted.body).toMatchObject({ code: 200, data: { dropped: [] } });
    const now = await newsOne(id);
    expect(content(now)).toEqual(content(first));
    expect(now.row_version).toBe(reverted.body.data.row_version);
    expect(await actionsOf(id)).toEqual(['create', 'update', 'revert']);
    const db = await getDb();
    const [stored] = await db.$queryRaw<{ content: string }[]>`SELECT content FROM news WHERE id = ${id}`;
    expect(stored.content).toBe(String(first.content));
  });

  it('refuses a stale row_version and changes nothing', async () => {
    const id = await createNews(token, { class_id: classId, title: '版本一' });
    const { row_version } = await newsOne(id);
    await saveNews(token, { id, class_id: classId, title: '版本二' });
    const refused = await revert({ id, rev: 1, row_version });
    expect(refused.body).toMatchObject({ code: 400, message: EDITED_ELSEWHERE });
    expect((await newsOne(id)).title).toBe('版本二');
    expect(await revisionCount(id)).toBe(2);
  });

  it('leaves out fields the category no longer has and says which', async () => {
    const category = await createClass(token, {
      name: '结构会变',
      content_fileds: {
        list: [field({ key: 'keep', title: '保留' }), field({ key: 'gone', title: '将删除' })],
      },
    });
    const id = await createNews(token, { class_id: category, title: '旧结构', keep: '一', gone: '二' });
    await saveNews(token, { id, class_id: category, title: '新值', keep: '三', gone: '四' });
    const detail = await call<Item>(getClassOneRoute, { token, query: { id: String(category) } });
    const saved = await call(saveClassRoute, {
      method: 'POST',
      token,
      body: {
        ...detail.body.data,
        content_fileds: {
          ...(detail.body.data.content_fileds as object),
          list: [field({ key: 'keep', title: '保留' })],
        },
      },
    });
    expect(saved.body.code).toBe(200);
    const reverted = await revert({ id, rev: 1 });
    expect(reverted.body.data.dropped).toEqual(['gone']);
    expect(reverted.body.message).toContain('gone');
    const db = await getDb();
    const [row] = await db.$queryRaw<{ fields: Record<string, unknown>; title: string }[]>`
      SELECT fields, title FROM news WHERE id = ${id}`;
    expect(row).toEqual({ title: '旧结构', fields: { keep: '一' } });
  });

  const changedOf = async (id: number, rev: number) => {
    const db = await getDb();
    const [row] = await db.$queryRaw<{ changed: string[] }[]>`
      SELECT changed FROM news_revision WHERE news_id = ${id} AND rev = ${rev}`;
    return row.changed;
  };
  /** What cms_news_revision_row lists for the item as it is against revision `rev` - 1 (rolled back). */
  const changedByWriter = async (id: number, rev: number) => {
    const db = await getDb();
    const rollback = new Error('rollback');
    let changed: string[] = [];
    await db
      .$transaction(async (tx) => {
        await tx.$executeRaw`DELETE FROM news_revision WHERE news_id = ${id} AND rev >= ${rev}`;
        const [row] = await tx.$queryRaw<{ changed: string[] }[]>`
          SELECT r.row_changed AS changed
          FROM news n, cms_news_revision_row(n, 'update', NULL, 'x', 'system', 50) AS r WHERE n.id = ${id}`;
        changed = row.changed;
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    return changed;
  };

  it('equals the snapshot exactly for random items of every field type (save → save → revert)', async () => {
    const html = fc.constantFrom(
      '',
      '<p>段落</p>',
      '<p>甲 &amp; 乙 <em>强调</em></p><ul><li>一</li><li>二</li></ul>',
      '<h2>标题</h2><p><a href="https://example.com/a?b=1&amp;c=2">链接</a></p>',
      `<p><img src="${PICTURE}" alt="图"></p>`,
    );
    const text = fc.string({ maxLength: 20 }).map((value) => value.replace(/[\u0000-\u001f]/g, ''));
    const values = fc.record(
      {
        title: fc.string({ minLength: 1, maxLength: 30 }).filter((value) => value.trim().length > 0),
        intro: text,
        content: html,
        source: text,
        memo: text,
        price: fc.constantFrom('', '0', '9.5', '-3.25'),
        qty: fc.constantFrom('', 0, 7, -2),
        status: fc.constantFrom('', 'draft', 'pub'),
        tags: fc.subarray(['hot', 'local']),
        day: fc.constantFrom('', '2026-01-10', '1999-12-31'),
        at: fc.constantFrom('', 1_767_225_600, 946_684_800),
        tint: fc.constantFrom('', '#FF0000', '#00aa00'),
        cover: fc.constantFrom('', PICTURE),
        gallery: fc.constantFrom('', PICTURE, `${PICTURE},https://example.com/b.jpg`),
        body: html,
        rows: fc.array(fc.record({ name: text, note: html }), { maxLength: 3 }),
      },
      { requiredKeys: ['title'] },
    );
    await fc.assert(
      fc.asyncProperty(values, values, async (first, second) => {
        const id = await createNews(token, { class_id: classId, ...first });
        const before = await newsOne(id);
        const saved = await saveNews(token, { id, class_id: classId, ...second });
        expect(saved.body.code).toBe(200);
        // The save lists what changed from the row it read; the writer of every other change
        // compares with the last revision: the same keys in the same order.
        expect(await changedOf(id, 2)).toEqual(await changedByWriter(id, 2));
        const reverted = await revert({ id, rev: 1 });
        expect(reverted.body.code).toBe(200);
        expect(content(await newsOne(id))).toEqual(content(before));
      }),
      { numRuns: 120 },
    );
  });
});

describe('retention and storage', () => {
  afterAll(() => setRevisionKeep(50));
  let plain: number;
  beforeAll(async () => {
    plain = await createClass(token, { name: '无字段', content_fileds: { list: [] } });
  });

  /** The item's revision rows and its stored rich texts, as the tables hold them. */
  const stored = async (id: number) => {
    const db = await getDb();
    return {
      revs: (
        await db.$queryRaw<
          { rev: number }[]
        >`SELECT rev FROM news_revision WHERE news_id = ${id} ORDER BY rev`
      ).map((row) => row.rev),
      texts: (
        await db.$queryRaw<{ body: string }[]>`
          SELECT body FROM news_revision_text WHERE news_id = ${id} AND body LIKE '<p>%' ORDER BY body`
      ).map((row) => row.body),
    };
  };
  const listedRevs = async (id: number) => (await revisions(id)).body.data.data.map((row) => row.rev);

  it('keeps the newest revision_keep revisions: the others are removed at once, their rows and texts at the 8th', async () => {
    await setRevisionKeep(3);
    const id = await createNews(token, { class_id: plain, title: '保留', content: '<p>v1</p>' });
    for (let n = 2; n <= 7; n += 1)
      await saveNews(token, { id, class_id: plain, title: `第${n}版`, content: `<p>v${n}</p>` });
    const { data, total } = (await revisions(id)).body.data;
    expect(total).toBe(3);
    expect(data.map((row) => row.rev)).toEqual([7, 6, 5]);
    // Removed from every reader as revision 7 was written; their rows wait for revision 8
    // (migration 20261209000000_revision_prune_batch).
    expect((await stored(id)).revs).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const rev of ['1', '4']) {
      expect((await call(revisionRoute, { token, query: { id: String(id), rev } })).status).toBe(404);
      expect((await call(diffRoute, { token, query: { id: String(id), from: rev } })).status).toBe(404);
    }
    const before = await newsOne(id);
    const refused = await revert({ id, rev: 4, row_version: before.row_version });
    expect(refused.status).toBe(404);
    expect(await newsOne(id)).toEqual(before);
    expect(await listedRevs(id)).toEqual([7, 6, 5]);

    await saveNews(token, { id, class_id: plain, title: '第8版', content: '<p>v8</p>' });
    // v6 and v7, stored when a save replaced them: nothing of v1–v5 is left. v8 and the (empty)
    // fields document are the item's own, read from its row (migration 20261207000000).
    expect(await stored(id)).toEqual({ revs: [6, 7, 8], texts: ['<p>v6</p>', '<p>v7</p>'] });
    expect(await listedRevs(id)).toEqual([8, 7, 6]);
    const newest = await call<Item>(revisionRoute, { token, query: { id: String(id), rev: '8' } });
    expect(newest.body.data).toMatchObject({ title: '第8版', content: '<p>v8</p>' });
    const older = await call<Item>(revisionRoute, { token, query: { id: String(id), rev: '6' } });
    expect(older.body.data).toMatchObject({ title: '第6版', content: '<p>v6</p>' });
    expect((await call(revisionRoute, { token, query: { id: String(id), rev: '5' } })).status).toBe(404);
  });

  it('past revision_keep keeps a text the new revision shares; a raised keep brings nothing back, a lowered one deletes at once', async () => {
    await setRevisionKeep(2);
    const id = await createNews(token, { class_id: plain, title: '轮换', content: '<p>a</p>' });
    for (const body of ['b', 'a', 'c', 'd', 'e', 'f'])
      await saveNews(token, { id, class_id: plain, title: '轮换', content: `<p>${body}</p>` });
    expect(await listedRevs(id)).toEqual([7, 6]);
    expect((await stored(id)).revs).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Raised to 5: revisions 3–5 were removed when 6 and 7 were written and stay so.
    await setRevisionKeep(5);
    await saveNews(token, { id, class_id: plain, title: '轮换', content: '<p>a</p>' });
    expect(await listedRevs(id)).toEqual([8, 7, 6]);
    // Revision 8: the rows of 1–5 go, with the texts only they used (b, c, d); a stays, the item's
    // own again and revision 8's; e and f for revisions 6 and 7.
    expect(await stored(id)).toEqual({ revs: [6, 7, 8], texts: ['<p>a</p>', '<p>e</p>', '<p>f</p>'] });
    const sixth = await call<Item>(revisionRoute, { token, query: { id: String(id), rev: '6' } });
    expect(sixth.body.data).toMatchObject({ content: '<p>e</p>' });
    for (const body of ['g', 'h', 'i', 'j', 'k', 'l'])
      await saveNews(token, { id, class_id: plain, title: '轮换', content: `<p>${body}</p>` });
    expect(await listedRevs(id)).toEqual([14, 13, 12, 11, 10]);
    expect((await stored(id)).revs).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
    // Lowered to 2: revision 15 removes 10–13 and, removing more than one, deletes the rows of 6–13
    // at once (not at the 8th), and their texts but the one revision 14 needs.
    await setRevisionKeep(2);
    await saveNews(token, { id, class_id: plain, title: '轮换', content: '<p>m</p>' });
    expect(await stored(id)).toEqual({ revs: [14, 15], texts: ['<p>l</p>'] });
    // Revision 16, the 8th, deletes the one removed row that waits (14).
    await saveNews(token, { id, class_id: plain, title: '轮换', content: '<p>n</p>' });
    expect(await stored(id)).toEqual({ revs: [15, 16], texts: ['<p>m</p>'] });
    const listed = (await revisions(id)).body.data;
    expect(listed.total).toBe(2);
    expect(listed.data.map((row) => [row.rev, row.action])).toEqual([
      [16, 'update'],
      [15, 'update'],
    ]);
    await setRevisionKeep(50);
  });

  it('keeps a text that a kept revision other than the newest still uses when the rows go', async () => {
    await setRevisionKeep(3);
    const id = await createNews(token, { class_id: plain, title: '共用', content: '<p>p</p>' });
    for (const body of ['q', 'r', 's', 't', 'p', 'u', 'w'])
      await saveNews(token, { id, class_id: plain, title: '共用', content: `<p>${body}</p>` });
    // Revision 8 deletes 1–5 (p, q, r, s, t); revision 6 holds p again, so p stays; u for revision 7.
    expect(await stored(id)).toEqual({ revs: [6, 7, 8], texts: ['<p>p</p>', '<p>u</p>'] });
    const sixth = await call<Item>(revisionRoute, { token, query: { id: String(id), rev: '6' } });
    expect(sixth.body.data).toMatchObject({ content: '<p>p</p>' });
    await setRevisionKeep(50);
  });

  it('with revision_keep 0 after a lower one keeps what is left and brings back nothing removed', async () => {
    await setRevisionKeep(2);
    const id = await createNews(token, { class_id: plain, title: '归零', content: '<p>1</p>' });
    for (const body of ['2', '3', '4'])
      await saveNews(token, { id, class_id: plain, title: '归零', content: `<p>${body}</p>` });
    expect(await listedRevs(id)).toEqual([4, 3]);
    await setRevisionKeep(0);
    await saveNews(token, { id, class_id: plain, title: '归零', content: '<p>5</p>' });
    expect(await listedRevs(id)).toEqual([5, 4, 3]);
    expect((await call(revisionRoute, { token, query: { id: String(id), rev: '2' } })).status).toBe(404);
    await setRevisionKeep(50);
  });

  it('keeps every revision with revision_keep 0', async () => {
    await setRevisionKeep(0);
    const id = await createNews(token, { class_id: classId, title: '全部保留' });
    for (let n = 2; n <= 5; n += 1) await saveNews(token, { id, class_id: classId, title: `第${n}版` });
    expect(await revisionCount(id)).toBe(5);
    await setRevisionKeep(50);
  });

  it('stores a content once, when it leaves the item: a lock or a title edit adds no text', async () => {
    const long = `<p>${'长文'.repeat(1000)}</p>`;
    const id = await createNews(token, { class_id: plain, title: '长文', content: long });
    await call(lockNewsRoute, { method: 'POST', token, body: { id, is_lock: 1 } });
    await call(lockNewsRoute, { method: 'POST', token, body: { id, is_lock: 0 } });
    await saveNews(token, { id, class_id: plain, title: '长文改标题', content: long });
    const db = await getDb();
    const stored = async () =>
      (
        await db.$queryRaw<{ n: number; bytes: number | null }[]>`
          SELECT count(*)::int AS n, sum(length(body))::int AS bytes FROM news_revision_text WHERE news_id = ${id}`
      )[0];
    expect(await revisionCount(id)).toBe(4);
    // Every revision's texts are still the item's own: none is stored.
    expect(await stored()).toEqual({ n: 0, bytes: null });
    await saveNews(token, { id, class_id: plain, title: '长文改标题', content: '<p>短文</p>' });
    // The long content left the item: stored once, for revisions 1–4.
    expect(await stored()).toEqual({ n: 1, bytes: long.length });
    for (const rev of ['1', '4']) {
      const snapshot = await call<Item>(revisionRoute, { token, query: { id: String(id), rev } });
      expect(snapshot.body.data.content).toBe(long);
    }
    const newest = await call<Item>(revisionRoute, { token, query: { id: String(id), rev: '5' } });
    expect(newest.body.data.content).toBe('<p>短文</p>');
  });
  it('stores a text when a change replaces it: every revision reads back whole, also after the 回收站', async () => {
    const id = await createNews(token, {
      class_id: classId,
      title: '按需',
      content: '<p>甲</p>',
      source: '一',
    });
    await saveNews(token, { id, class_id: classId, title: '按需', content: '<p>乙</p>', source: '二' });
    const { row_version } = await newsOne(id);
    expect((await revert({ id, rev: 1, row_version })).status).toBe(200);
    const db = await getDb();
    const stored = async (item = id) =>
      (
        await db.$queryRaw<{ body: string }[]>`
          SELECT body FROM news_revision_text WHERE news_id = ${item} ORDER BY body`
      ).map((row) => row.body);
    // 甲 and its fields left with the save, 乙 and its fields with the revert.
    const texts = await stored();
    expect(texts.filter((body) => body.startsWith('<p>'))).toEqual(['<p>乙</p>', '<p>甲</p>']);
    expect(texts).toHaveLength(4);
    const snapshot = async (rev: number) =>
      (await call<Item>(revisionRoute, { token, query: { id: String(id), rev: String(rev) } })).body.data;
    const expected = [
      { content: '<p>甲</p>', source: '一' },
      { content: '<p>乙</p>', source: '二' },
      { content: '<p>甲</p>', source: '一' },
    ];
    for (const [n, values] of expected.entries()) expect(await snapshot(n + 1)).toMatchObject(values);
    // To the 回收站 (the item leaves news: its texts are stored, here already) and back.
    const other = await createNews(token, {
      class_id: classId,
      title: '未改',
      content: '<p>丙</p>',
      source: '三',
    });
    expect(await stored(other)).toEqual([]);
    const del = await call<{ count: number }>(delNewsRoute, {
      method: 'DELETE',
      token,
      body: { ids: [id, other] },
    });
    expect(del.body.data.count).toBe(2);
    expect(await stored()).toEqual(texts);
    const otherTexts = await stored(other);
    expect(otherTexts).toHaveLength(2);
    expect(otherTexts).toContain('<p>丙</p>');
    const restored = await call<{ count: number }>(restoreNewsRoute, {
      method: 'POST',
      token,
      body: { ids: [id] },
    });
    expect(restored.body.data.count).toBe(1);
    for (const [n, values] of [...expected, expected[2], expected[2]].entries())
      expect(await snapshot(n + 1)).toMatchObject(values);
  });
});

describe('the history of a single page (save_class_info)', () => {
  const pageSchema = [
    field({ key: 'phone', title: '电话' }),
    field({ key: 'body', title: '介绍', type: 'html_editor' }),
    field({
      key: 'staff',
      title: '人员',
      type: 'child_info',
      child_info: [field({ key: 'name', title: '姓名' })],
    }),
  ];
  let pageId: number;
  const savePage = async (body: Record<string, unknown>, who = token) =>
    call(saveClassInfoRoute, { method: 'POST', token: who, body: { id: pageId, ...body } });
  const pageValues = async () =>
    (
      await call<{ class_fields: Record<string, unknown> }>(getClassInfoRoute, {
        token,
        query: { id: String(pageId) },
      })
    ).body.data.class_fields;
  const pageRevisions = () =>
    call<{ data: Summary[]; total: number }>(classRevisionsRoute, { token, query: { id: String(pageId) } });

  beforeAll(async () => {
    pageId = await createClass(token, {
      name: '关于',
      class_type: '1',
      content_fileds: { class: pageSchema },
    });
  });

  it('writes one revision per save and per revert, none for a refused save, and reverts exactly', async () => {
    expect(
      (await savePage({ phone: '010-1', body: '<p>旧的介绍</p>', staff: [{ name: '甲' }] })).body.code,
    ).toBe(200);
    const first = await pageValues();
    expect((await savePage({ phone: '010-2', body: '<p>新的介绍</p>', staff: [] })).body.code).toBe(200);
    const outsider = await limitedEditor([classId]);
    expect((await savePage({ phone: '越权' }, outsider)).status).toBe(403);

    const listed = (await pageRevisions()).body.data;
    expect(listed.total).toBe(2);
    expect(listed.data[0]).toMatchObject({ rev: 2, action: 'update', user_name: '编辑甲' });
    expect(listed.data[0].changed.sort()).toEqual(['body', 'phone', 'staff']);

    const diff = await call<{ key: string; title: string; diff?: unknown[] }[]>(classDiffRoute, {
      token,
      query: { id: String(pageId), from: '1' },
    });
    expect(diff.body.data.map((row) => row.title)).toEqual(['电话', '介绍', '人员']);
    expect(diff.body.data[1].diff).toEqual([
      { op: 'delete', text: '旧的' },
      { op: 'insert', text: '新的' },
      { op: 'equal', text: '介绍' },
    ]);

    const reverted = await call(classRevertRoute, { method: 'POST', token, body: { id: pageId, rev: 1 } });
    expect(reverted.body).toMatchObject({ code: 200, message: '已恢复到第 1 版', data: { dropped: [] } });
    expect(await pageValues()).toEqual(first);
    expect((await pageRevisions()).body.data.data.map((row) => row.action)).toEqual([
      'revert',
      'update',
      'update',
    ]);
    const refused = await call(classRevertRoute, {
      method: 'POST',
      token: outsider,
      body: { id: pageId, rev: 1 },
    });
    expect(refused.status).toBe(403);
    const missing = await call(classRevertRoute, { method: 'POST', token, body: { id: pageId, rev: 99 } });
    expect(missing.status).toBe(404);
    const notPage = await call(classRevisionsRoute, { token, query: { id: String(classId) } });
    expect(notPage.body).toMatchObject({ code: 400, message: '该栏目不是单页栏目' });
  });
});
