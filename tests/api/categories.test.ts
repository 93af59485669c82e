import { DELETE as delClassRoute } from '@/app/api/v1/manage/class_manage/del_class/route';
import { GET as getClassListRoute } from '@/app/api/v1/manage/class_manage/get_class_list/route';
import { GET as getClassOneRoute } from '@/app/api/v1/manage/class_manage/get_class_one/route';
import { GET as getClassRouterRoute } from '@/app/api/v1/manage/class_manage/get_class_router/route';
import { POST as sortClassRoute } from '@/app/api/v1/manage/class_manage/sort_class/route';
import { GET as getClassInfoRoute } from '@/app/api/v1/manage/news_manage/get_calss_info/route';
import { getDb } from '@/lib/db/client';
import { call } from '../helpers/api';
import { createClass, field, saveClass } from '../helpers/categories';
import { signedIn } from '../helpers/users';

type Node = { id: number; key: string; name: string; sort: number; parent_id: number; children: Node[] };

let token: string;
beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['class_manage', 'news_content'] }));
});

const tree = async () => (await call<Node[]>(getClassListRoute, { token })).body.data;
const one = (id: number) => call<Record<string, any>>(getClassOneRoute, { token, query: { id: String(id) } });
const find = (nodes: Node[], id: number): Node | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = find(node.children, id);
    if (inner) return inner;
  }
  return undefined;
};

describe('category CRUD', () => {
  it('creates a category whose key defaults to its id, and reads it back whole', async () => {
    const id = await createClass(token, {
      name: '新闻中心',
      icon: 'Article',
      class_type: '4',
      type_show: 'process',
      hr_type: 'hr1',
      other_info: { is_content: 1 },
      content_fileds: {
        list: [
          field({ key: 'source', title: '来源', search: true }),
          field({
            key: 'status',
            title: '状态',
            type: 'select',
            options: [{ label: '草稿', value: 'draft', color: '#999999' }],
          }),
        ],
        class: [],
        base_set: { title: { name: '新闻标题', showlist: 1, isshow: 1 } },
        process: [
          { title: '提交', value: 1 },
          { title: '审核', value: 2 },
        ],
      },
    });
    const result = await one(id);
    expect(result.body.code).toBe(200);
    const data = result.body.data;
    expect(data).toMatchObject({
      id,
      key: String(id),
      name: '新闻中心',
      icon: 'Article',
      class_type: '4',
      type_show: 'process',
      hr_type: 'hr1',
      is_show: 1,
      parent_id: 0,
    });
    expect(data.other_info).toEqual({ is_content: 1 });
    expect(data.content_fileds.list.map((f: { key: string }) => f.key)).toEqual(['source', 'status']);
    expect(data.content_fileds.list[1].options).toEqual([
      { label: '草稿', value: 'draft', color: '#999999' },
    ]);
    expect(data.content_fileds.base_set.title).toEqual({ name: '新闻标题', showlist: true, isshow: true });
    expect(data.content_fileds.base_set.intro).toEqual({ name: '简介', showlist: false, isshow: true });
    expect(data.content_fileds.process).toEqual([
      { title: '提交', value: 1 },
      { title: '审核', value: 2 },
    ]);
  });

  it('updates a category and keeps its id', async () => {
    const id = await createClass(token, { name: '旧名', key: 'old-key' });
    const result = await saveClass(token, { id, name: '新名', key: 'new_key', is_show: 0, sort: 5 });
    expect(result.body).toMatchObject({ code: 200, data: { id } });
    expect((await one(id)).body.data).toMatchObject({ name: '新名', key: 'new_key', is_show: 0, sort: 5 });
  });

  it.each([
    [{ name: '' }, '请填写栏目名称'],
    [{ key: 'bad key!' }, '栏目标识只能包含字母、数字、下划线和短横线'],
    [{ class_type: '3' }, '栏目类型不正确'],
    [{ class_type: '4', content_fileds: { process: [] } }, '流程类栏目请至少添加一个流程步骤'],
    [
      {
        class_type: '4',
        content_fileds: {
          process: [
            { title: 'a', value: 1 },
            { title: 'b', value: 1 },
          ],
        },
      },
      '流程步骤「b」的值 1 重复',
    ],
    [{ content_fileds: { process: [{ title: 'a', value: 0 }] } }, '流程步骤的值必须是正整数'],
    [
      { content_fileds: { list: [field({ key: 'Bad', title: '价格' })] } },
      '列表字段：字段「价格」：字段标识只能以小写字母开头，由小写字母、数字和下划线组成',
    ],
    [
      { content_fileds: { class: [field({ type: 'select', title: '状态' })] } },
      '单页字段：字段「状态」：请至少添加一个选项',
    ],
    [{ parent_id: 999999 }, '上级栏目不存在'],
  ])('refuses %j with a clear message and stores nothing', async (body, message) => {
    const db = await getDb();
    const before = await db.newsClass.count();
    const result = await saveClass(token, body);
    expect(result.body).toMatchObject({ code: 400, message });
    expect(await db.newsClass.count()).toBe(before);
  });

  it('refuses a key already used by a sibling, also at the top level', async () => {
    await createClass(token, { key: 'dup-root' });
    expect((await saveClass(token, { key: 'dup-root' })).body.message).toMatch(/已使用标识「dup-root」/);
    const parent = await createClass(token, {});
    await createClass(token, { parent_id: parent, key: 'same' });
    expect((await saveClass(token, { parent_id: parent, key: 'same' })).body.code).toBe(400);
    // The same key under another parent is fine.
    expect((await saveClass(token, { key: 'same' })).body.code).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await one(987654)).body).toMatchObject({ code: 404, message: '栏目不存在' });
    expect((await saveClass(token, { id: 987654 })).body.code).toBe(404);
  });
});

describe('the category tree', () => {
  it('nests children under parents, ordered by sort', async () => {
    const root = await createClass(token, { name: '根' });
    const b = await createClass(token, { name: 'B', parent_id: root, sort: 2 });
    const a = await createClass(token, { name: 'A', parent_id: root, sort: 1 });
    const grandchild = await createClass(token, { name: '孙', parent_id: a });
    const node = find(await tree(), root) as Node;
    expect(node.children.map((child) => child.id)).toEqual([a, b]);
    expect(node.children[0].children.map((child) => child.id)).toEqual([grandchild]);
    expect(node.children[0]).toMatchObject({ parent_id: root, name: 'A' });
  });

  it('moves and reorders with sort_class, renumbering siblings', async () => {
    const p1 = await createClass(token, { name: 'P1' });
    const p2 = await createClass(token, { name: 'P2' });
    const x = await createClass(token, { name: 'X', parent_id: p1 });
    const y = await createClass(token, { name: 'Y', parent_id: p2, sort: 0 });
    const z = await createClass(token, { name: 'Z', parent_id: p2, sort: 1 });
    const moved = await call(sortClassRoute, {
      method: 'POST',
      token,
      body: { id: x, parent_id: p2, sort: 1 },
    });
    expect(moved.body.code).toBe(200);
    const node = find(await tree(), p2) as Node;
    expect(node.children.map((child) => child.id)).toEqual([y, x, z]);
    expect(node.children.map((child) => child.sort)).toEqual([0, 1, 2]);
    expect((find(await tree(), p1) as Node).children).toEqual([]);
    // To the top level.
    expect(
      (await call(sortClassRoute, { method: 'POST', token, body: { id: z, parent_id: 0, sort: 0 } })).body
        .code,
    ).toBe(200);
    expect((await tree())[0].id).toBe(z);
  });

  it('a save that changes the parent puts the category last among its new siblings, in one call', async () => {
    const p1 = await createClass(token, { name: '旧上级' });
    const p2 = await createClass(token, { name: '新上级' });
    const moving = await createClass(token, { name: '移动者', parent_id: p1, sort: 0 });
    const a = await createClass(token, { name: '甲', parent_id: p2, sort: 0 });
    const b = await createClass(token, { name: '乙', parent_id: p2, sort: 5 });
    // The form still carries its old sort (0): it must not jump ahead of the new siblings.
    expect((await saveClass(token, { id: moving, name: '移动者', parent_id: p2, sort: 0 })).body.code).toBe(
      200,
    );
    const node = find(await tree(), p2) as Node;
    expect(node.children.map((child) => child.id)).toEqual([a, b, moving]);
    expect(node.children.at(-1)?.sort).toBe(6);
    // Saved again under the same parent, its sort is the form's.
    expect((await saveClass(token, { id: moving, name: '移动者', parent_id: p2, sort: 3 })).body.code).toBe(
      200,
    );
    expect((find(await tree(), p2) as Node).children.map((child) => child.id)).toEqual([a, moving, b]);
  });

  it('refuses a move that would make a cycle', async () => {
    const a = await createClass(token, { name: 'A' });
    const b = await createClass(token, { name: 'B', parent_id: a });
    const c = await createClass(token, { name: 'C', parent_id: b });
    for (const parent of [a, c]) {
      const result = await call(sortClassRoute, {
        method: 'POST',
        token,
        body: { id: a, parent_id: parent, sort: 0 },
      });
      expect(result.body).toMatchObject({ code: 400, message: '不能把栏目移动到它自己或它的子栏目下' });
    }
    expect((await saveClass(token, { id: a, name: 'A', parent_id: c })).body.code).toBe(400);
    expect((find(await tree(), a) as Node).parent_id).toBe(0);
  });

  it('refuses a move next to a sibling with the same key', async () => {
    const p1 = await createClass(token, {});
    const p2 = await createClass(token, {});
    const x = await createClass(token, { parent_id: p1, key: 'k' });
    await createClass(token, { parent_id: p2, key: 'k' });
    expect(
      (await call(sortClassRoute, { method: 'POST', token, body: { id: x, parent_id: p2, sort: 0 } })).body
        .message,
    ).toMatch(/已使用标识「k」/);
  });
});

describe('deleting a category', () => {
  const del = (id: number) => call(delClassRoute, { method: 'DELETE', token, body: { id } });

  it('is refused while it has child categories, then allowed', async () => {
    const parent = await createClass(token, {});
    const child = await createClass(token, { parent_id: parent });
    expect((await del(parent)).body).toMatchObject({
      code: 400,
      message: '该栏目下还有 1 个子栏目，请先删除或移走子栏目',
    });
    expect((await del(child)).body.code).toBe(200);
    expect((await del(parent)).body.code).toBe(200);
    expect((await one(parent)).body.code).toBe(404);
  });

  it('is refused while it has items', async () => {
    const id = await createClass(token, {});
    const db = await getDb();
    await db.news.create({ data: { classId: id, title: '一条' } });
    expect((await del(id)).body).toMatchObject({
      code: 400,
      message: '该栏目下还有 1 条内容，请先删除或移走这些内容',
    });
  });

  it('answers 404 for an unknown id', async () => {
    expect((await del(424242)).body.code).toBe(404);
  });
});

describe('the content menu and category info', () => {
  it('get_class_router lists visible categories as nested routes', async () => {
    const parent = await createClass(token, { name: '菜单父', key: 'menu-parent', icon: 'Folder' });
    const child = await createClass(token, {
      name: '菜单子',
      key: 'menu-child',
      parent_id: parent,
      class_type: '1',
    });
    const hidden = await createClass(token, { name: '隐藏', key: 'hidden', parent_id: parent, is_show: 0 });
    await createClass(token, { name: '隐藏子', parent_id: hidden });
    const result = await call<any[]>(getClassRouterRoute, { token });
    const route = result.body.data.find((r) => r.meta.class_id === parent);
    expect(route).toEqual({
      path: 'menu-parent',
      name: `NewsManage-${parent}`,
      meta: { title: '菜单父', icon: 'Folder', class_id: parent, class_type: '0' },
      children: [
        {
          path: 'menu-child',
          name: `NewsManage-${child}`,
          meta: { title: '菜单子', icon: '', class_id: child, class_type: '1' },
        },
      ],
    });
  });

  it('get_class_router and get_calss_info need news_content; class_manage calls need class_manage', async () => {
    const { token: editorOnly } = await signedIn({ roles: ['class_manage'] });
    expect((await call(getClassRouterRoute, { token: editorOnly })).status).toBe(403);
    expect((await call(getClassInfoRoute, { token: editorOnly, query: { id: '1' } })).status).toBe(403);
    const { token: contentOnly } = await signedIn({ roles: ['news_content'] });
    expect((await call(getClassRouterRoute, { token: contentOnly })).body.code).toBe(200);
    expect((await call(getClassListRoute, { token: contentOnly })).status).toBe(403);
    expect((await saveClass(contentOnly, {})).status).toBe(403);
    const { token: admin } = await signedIn({ roles: ['admin'] });
    expect((await call(getClassListRoute, { token: admin })).body.code).toBe(200);
  });

  it('get_calss_info answers the shape the news screen needs, and 404 for an unknown id', async () => {
    const id = await createClass(token, {
      name: '关于我们',
      class_type: '1',
      other_info: { is_content: 0 },
      content_fileds: { class: [field({ key: 'phone', title: '电话' })] },
    });
    const result = await call<Record<string, unknown>>(getClassInfoRoute, {
      token,
      query: { id: String(id) },
    });
    expect(result.body.code).toBe(200);
    expect(Object.keys(result.body.data).sort()).toEqual(
      [
        'class_fields',
        'class_id',
        'class_type',
        'content_fileds',
        'hr_type',
        'id',
        'key',
        'name',
        'other_info',
        'type_show',
      ].sort(),
    );
    expect(result.body.data).toMatchObject({
      id,
      class_id: id,
      name: '关于我们',
      class_type: '1',
      other_info: { is_content: 0 },
      class_fields: {},
    });
    const missing = await call(getClassInfoRoute, { token, query: { id: '999999' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, message: '栏目不存在' });
    expect((await call(getClassInfoRoute, { token, query: { id: 'abc' } })).body.code).toBe(400);
  });
});
