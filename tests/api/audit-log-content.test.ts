// 操作日志, content: categories (create, update with a schema change, sort, delete, single page),
// items (create, update before → after, lock, unlock, move both ways, batch delete), process records
// and files each leave their entries; a refused call (bad input, 403, a conflict, a locked item)
// leaves none.
import { DELETE as delClassRoute } from '@/app/api/v1/manage/class_manage/del_class/route';
import { POST as sortClassRoute } from '@/app/api/v1/manage/class_manage/sort_class/route';
import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { POST as delFileRoute } from '@/app/api/v1/manage/news_manage/del_oss_file/route';
import { GET as newsOneRoute } from '@/app/api/v1/manage/news_manage/get_news_one/route';
import { POST as lockNewsRoute } from '@/app/api/v1/manage/news_manage/lock_news/route';
import { POST as moveNewsRoute } from '@/app/api/v1/manage/news_manage/move_news/route';
import { POST as saveClassInfoRoute } from '@/app/api/v1/manage/news_manage/save_class_info/route';
import { getDb } from '@/lib/db/client';
import { call } from '../helpers/api';
import { entriesOf } from '../helpers/audit';
import { createClass, field, saveClass } from '../helpers/categories';
import { createNews, saveNews } from '../helpers/news';
import { addRecord, delProcess, saveProcess } from '../helpers/process';
import { signedIn } from '../helpers/users';
import { useStorageDriver } from '../storage/helpers/drivers';
import { HEADS, sampleFile } from '../storage/helpers/fixtures';
import { upload } from '../storage/helpers/upload';

let token: string;
let userId: number;
const schema = [field({ key: 'price', title: '价格', type: 'int' }), field({ key: 'source', title: '来源' })];

beforeAll(async () => {
  const signed = await signedIn({ roles: ['news_content', 'class_manage'], name: '编辑' });
  ({ token } = signed);
  userId = signed.user.id;
});

const lock = (id: number, isLock: 0 | 1, as = token) =>
  call(lockNewsRoute, { method: 'POST', token: as, body: { id, is_lock: isLock } });
const move = (ids: number[], classId: number, as = token) =>
  call(moveNewsRoute, { method: 'POST', token: as, body: { ids, class_id: classId } });
const del = (body: unknown, as = token) => call(delNewsRoute, { method: 'DELETE', token: as, body });

describe('栏目', () => {
  it('records create, update with a schema change, sort, delete and a single page save', async () => {
    const created = await entriesOf(() =>
      createClass(token, { name: '审计栏目', key: 'audit_news', content_fileds: { list: schema } }),
    );
    const id = created.result;
    expect(created.entries).toEqual([
      expect.objectContaining({
        action: 'create',
        target_type: 'class',
        target_id: id,
        user_id: userId,
        detail: { name: '审计栏目', values: { parent_id: null, key: 'audit_news', class_type: '0' } },
      }),
    ]);

    const retyped = [
      field({ key: 'price', title: '价格', type: 'float' }),
      field({ key: 'memo', title: '备注' }),
    ];
    const updated = await entriesOf(() =>
      saveClass(token, { id, name: '审计栏目二', key: 'audit_news', content_fileds: { list: retyped } }),
    );
    expect(updated.result.body.code).toBe(200);
    const { changes } = updated.entries[0].detail;
    expect(changes).toMatchObject({
      name: { from: '审计栏目', to: '审计栏目二' },
      'content_fileds.list.price.type': { from: 'int', to: 'float' },
      'content_fileds.list.source': { from: expect.objectContaining({ key: 'source' }), to: null },
      'content_fileds.list.memo': { from: null, to: expect.objectContaining({ key: 'memo' }) },
    });
    expect(updated.entries[0].detail.converted_fields).toEqual(['price']);

    const other = await createClass(token, { name: '另一个' });
    const sorted = await entriesOf(() =>
      call(sortClassRoute, { method: 'POST', token, body: { id, parent_id: other, sort: 0 } }),
    );
    expect(sorted.entries).toEqual([
      expect.objectContaining({
        action: 'sort',
        target_id: id,
        detail: {
          name: '审计栏目二',
          // Still first among its siblings: only the parent changed.
          changes: { parent_id: { from: null, to: other } },
        },
      }),
    ]);

    const page = await createClass(token, {
      name: '关于我们',
      class_type: '1',
      content_fileds: { class: [field({ key: 'phone', title: '电话' })] },
    });
    const info = await entriesOf(() =>
      call(saveClassInfoRoute, { method: 'POST', token, body: { id: page, phone: '010-1234' } }),
    );
    expect(info.entries[0]).toMatchObject({
      action: 'update',
      target_type: 'class',
      target_id: page,
      detail: { name: '关于我们', changes: { 'class_fields.phone': { from: null, to: '010-1234' } } },
    });

    // Refused: its parent still has a child, a cycle, a bad body.
    const refused = await entriesOf(async () => [
      await call(delClassRoute, { method: 'DELETE', token, body: { id: other } }),
      await call(sortClassRoute, { method: 'POST', token, body: { id: other, parent_id: id, sort: 0 } }),
      await saveClass(token, { name: '' }),
    ]);
    expect(refused.result.map((result) => result.status)).toEqual([400, 400, 400]);
    expect(refused.entries).toEqual([]);

    const deleted = await entriesOf(() => call(delClassRoute, { method: 'DELETE', token, body: { id } }));
    expect(deleted.entries).toEqual([
      expect.objectContaining({ action: 'delete', target_type: 'class', target_id: id }),
    ]);
  });
});

describe('内容', () => {
  let a: number;
  let b: number;
  beforeAll(async () => {
    a = await createClass(token, { name: '甲', content_fileds: { list: schema } });
    b = await createClass(token, { name: '乙', content_fileds: { list: schema } });
  });

  it('records create and an update with each changed field before → after', async () => {
    const created = await entriesOf(() => createNews(token, { class_id: a, title: '原标题', price: 1 }));
    const id = created.result;
    expect(created.entries).toEqual([
      expect.objectContaining({
        action: 'create',
        target_type: 'news',
        target_id: id,
        detail: { name: '原标题', values: { class_id: a, class_name: '甲' } },
      }),
    ]);
    const updated = await entriesOf(() =>
      saveNews(token, {
        id,
        class_id: a,
        title: '新标题',
        price: 2,
        source: '新华社',
        intro: 'x'.repeat(600),
      }),
    );
    expect(updated.result.body.code).toBe(200);
    expect(updated.entries).toHaveLength(1);
    expect(updated.entries[0]).toMatchObject({ action: 'update', target_id: id, user_id: userId });
    expect(updated.entries[0].detail).toEqual({
      name: '原标题',
      changes: {
        title: { from: '原标题', to: '新标题' },
        // Long text is kept cut, with its length.
        intro: { from: '', to: `${'x'.repeat(500)}…（共 600 字）` },
        'fields.price': { from: 1, to: 2 },
        'fields.source': { from: null, to: '新华社' },
      },
    });
  });

  it('records nothing for a refused save: bad input, an outdated version, a locked item', async () => {
    const id = await createNews(token, { class_id: a, title: '冲突' });
    const one = await call<{ row_version: string }>(newsOneRoute, { token, query: { id: String(id) } });
    await saveNews(token, { id, class_id: a, title: '别人先改了' });
    const refused = await entriesOf(async () => [
      await saveNews(token, { id, class_id: a, title: '我后改', row_version: one.body.data.row_version }),
      await saveNews(token, { id, class_id: a, title: '', price: 'abc' }),
      await saveNews(token, { id, class_id: b, title: '错栏目' }),
    ]);
    expect(refused.result.map((result) => result.status)).toEqual([400, 400, 400]);
    expect(refused.entries).toEqual([]);

    await lock(id, 1);
    const locked = await entriesOf(async () => [
      await saveNews(token, { id, class_id: a, title: '锁了' }),
      await del({ id }),
      await move([id], b),
    ]);
    expect(locked.result.map((result) => result.status)).toEqual([400, 400, 400]);
    expect(locked.entries).toEqual([]);
    await lock(id, 0);
  });

  it('records lock, unlock, a move each way and one entry per item of a batch delete', async () => {
    const first = await createNews(token, { class_id: a, title: '第一条' });
    const second = await createNews(token, { class_id: a, title: '第二条' });
    const locking = await entriesOf(async () => [await lock(first, 1), await lock(first, 0)]);
    expect(locking.entries.map((entry) => [entry.action, entry.target_id, entry.detail.name])).toEqual([
      ['lock', first, '第一条'],
      ['unlock', first, '第一条'],
    ]);

    const there = await entriesOf(() => move([first, second], b));
    expect(there.entries.map((entry) => [entry.action, entry.target_id, entry.detail.changes])).toEqual([
      ['move', first, { class_id: { from: a, to: b }, class_name: { from: '甲', to: '乙' } }],
      ['move', second, { class_id: { from: a, to: b }, class_name: { from: '甲', to: '乙' } }],
    ]);
    const back = await entriesOf(() => move([first], a));
    expect(back.entries.map((entry) => entry.detail.changes)).toEqual([
      { class_id: { from: b, to: a }, class_name: { from: '乙', to: '甲' } },
    ]);

    const gone = await entriesOf(() => del({ ids: [first, second] }));
    expect(gone.result.body.code).toBe(200);
    expect(gone.entries.map((entry) => [entry.action, entry.target_id, entry.detail])).toEqual([
      ['delete', first, { name: '第一条', values: { class_id: a }, recycle_bin: true, batch: 2 }],
      ['delete', second, { name: '第二条', values: { class_id: b }, recycle_bin: true, batch: 2 }],
    ]);
  });

  it('records nothing for a 403 of a user limited to another category', async () => {
    const mine = await createNews(token, { class_id: a, title: '别人的' });
    const limited = await signedIn({ roles: ['news_content'] });
    await (await getDb()).adminUser.update({ where: { id: limited.user.id }, data: { classIds: [b] } });
    const refused = await entriesOf(async () => [
      await saveNews(limited.token, { id: mine, class_id: a, title: '越权' }),
      await lock(mine, 1, limited.token),
      await move([mine], b, limited.token),
      await del({ id: mine }, limited.token),
      await saveProcess(limited.token, { news_id: mine, process: 1, title: '越权', time: 1 }),
    ]);
    expect(refused.result.map((result) => result.status)).toEqual([403, 403, 403, 403, 403]);
    expect(refused.entries).toEqual([]);
  });
});

describe('流程记录', () => {
  it('records create, update (before → after) and delete; a refused record change records nothing', async () => {
    const steps = [
      { title: '受理', value: 1 },
      { title: '办结', value: 2 },
    ];
    const classId = await createClass(token, {
      name: '流程',
      class_type: '4',
      content_fileds: { process: steps },
    });
    const item = await createNews(token, { class_id: classId, title: '申请' });
    const created = await entriesOf(() => addRecord(token, { news_id: item, process: 1, title: '已受理' }));
    const id = created.result;
    expect(created.entries).toEqual([
      expect.objectContaining({
        action: 'create',
        target_type: 'process',
        target_id: id,
        detail: expect.objectContaining({ name: '已受理', news_id: item }),
      }),
    ]);
    const refused = await entriesOf(async () => [
      await saveProcess(token, { news_id: item, process: 3, title: '没有这步', time: 1 }),
      await saveProcess(token, { news_id: item, process: 1, title: '', time: 1 }),
    ]);
    expect(refused.result.map((result) => result.status)).toEqual([400, 400]);
    expect(refused.entries).toEqual([]);

    const updated = await entriesOf(() =>
      saveProcess(token, {
        id,
        news_id: item,
        process: 1,
        title: '已受理（补）',
        time: 1_767_225_600,
        remark: '补材料',
      }),
    );
    expect(updated.entries[0].detail).toEqual({
      name: '已受理',
      news_id: item,
      changes: {
        title: { from: '已受理', to: '已受理（补）' },
        remark: { from: '', to: '补材料' },
      },
    });
    const deleted = await entriesOf(() => delProcess(token, { id }));
    expect(deleted.entries).toEqual([
      expect.objectContaining({ action: 'delete', target_type: 'process', target_id: id }),
    ]);
  });
});

describe('文件', () => {
  useStorageDriver('local');

  it('records an upload and a deletion of it; a refused upload records nothing', async () => {
    const refused = await entriesOf(() =>
      upload({ token, kind: 'image', file: sampleFile({ head: HEADS.exe, size: 100, filename: 'a.exe' }) }),
    );
    expect(refused.result.body).toMatchObject({ code: 415 });
    expect(refused.entries).toEqual([]);

    const stored = await entriesOf(() =>
      upload({
        token,
        kind: 'image',
        file: sampleFile({ head: HEADS.png, size: 2000, filename: '封面.png' }),
      }),
    );
    expect(stored.result.body.code).toBe(200);
    const name = (stored.result.body.data as string).split('/').pop() as string;
    expect(stored.entries).toEqual([
      expect.objectContaining({
        action: 'upload',
        target_type: 'file',
        user_id: userId,
        detail: expect.objectContaining({
          values: expect.objectContaining({ file: name, kind: 'image', size: 2000 }),
        }),
      }),
    ]);
    const deleted = await entriesOf(() => call(delFileRoute, { method: 'POST', token, body: { name } }));
    expect(deleted.result.body.code).toBe(200);
    expect(deleted.entries).toEqual([
      expect.objectContaining({
        action: 'delete',
        target_type: 'file',
        target_id: stored.entries[0].target_id,
      }),
    ]);
  });
});
