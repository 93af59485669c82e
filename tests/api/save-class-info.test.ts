import { GET as getClassInfoRoute } from '@/app/api/v1/manage/news_manage/get_calss_info/route';
import { POST as saveClassInfoRoute } from '@/app/api/v1/manage/news_manage/save_class_info/route';
import { call } from '../helpers/api';
import { createClass, field } from '../helpers/categories';
import { signedIn } from '../helpers/users';

let token: string;
let classId: number;

const schema = [
  field({ key: 'phone', title: '电话', ismust: true, max: 20 }),
  field({ key: 'founded', title: '成立年份', type: 'int' }),
  field({ key: 'level', title: '级别', type: 'select', options: [{ label: '高', value: 'high' }] }),
  field({ key: 'body', title: '介绍', type: 'html_editor' }),
  field({ key: 'open_day', title: '开放日', type: 'date' }),
  field({ key: 'no', title: '编号', type: 'auto' }),
  field({ key: 'editor', title: '最后修改', type: 'auto_back' }),
  field({
    key: 'staff',
    title: '人员',
    type: 'child_info',
    child_info: [field({ key: 'name', title: '姓名', ismust: true })],
  }),
];

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['class_manage', 'news_content'], name: '编辑小王' }));
  classId = await createClass(token, {
    name: '关于我们',
    class_type: '1',
    content_fileds: { class: schema },
  });
});

const save = (body: Record<string, unknown>, as = token) =>
  call(saveClassInfoRoute, { method: 'POST', token: as, body: { id: classId, ...body } });
const info = async () =>
  (
    await call<{ class_fields: Record<string, any> }>(getClassInfoRoute, {
      token,
      query: { id: String(classId) },
    })
  ).body.data.class_fields;

describe('POST news_manage/save_class_info', () => {
  it('validates every value through the registry and round-trips them', async () => {
    const result = await save({
      phone: '010-12345678',
      founded: '1998',
      level: 'high',
      body: '<p>欢迎<script>alert(1)</script></p>',
      open_day: '2026-05-01',
      no: 999,
      editor: { name: 'forged', time: 1 },
      staff: [{ name: '甲' }, { name: '乙' }],
      unknown_key: 'dropped',
    });
    expect(result.body).toEqual({ code: 200, message: '保存成功', data: null });
    const values = await info();
    expect(values).toMatchObject({
      phone: '010-12345678',
      founded: 1998,
      level: 'high',
      body: '<p>欢迎</p>',
      open_day: '2026-05-01',
      no: 1,
      staff: [{ name: '甲' }, { name: '乙' }],
    });
    expect(values.editor.name).toBe('编辑小王');
    expect(Math.abs(values.editor.time - Date.now() / 1000)).toBeLessThan(60);
    expect(values).not.toHaveProperty('unknown_key');
  });

  it.each([
    [{ phone: '' }, '请填写电话'],
    [{ phone: '1'.repeat(21) }, '电话不能超过 20 个字'],
    [{ phone: '1', founded: 'abc' }, '成立年份必须是整数'],
    [{ phone: '1', level: 'low' }, '级别的选项不正确：low'],
    [{ phone: '1', staff: [{ name: '' }] }, '人员第 1 行：请填写姓名'],
  ])('refuses %j and keeps the saved values', async (body, message) => {
    const before = await info();
    expect((await save(body)).body).toMatchObject({ code: 400, message });
    expect(await info()).toEqual(before);
  });

  it('keeps the running number across saves', async () => {
    await save({ phone: '2' });
    expect((await info()).no).toBe(1);
  });

  it('refuses a list category, an unknown id and a user without news_content', async () => {
    const listClass = await createClass(token, { class_type: '0' });
    expect(
      (await call(saveClassInfoRoute, { method: 'POST', token, body: { id: listClass } })).body,
    ).toMatchObject({ code: 400, message: '该栏目不是单页栏目' });
    expect((await call(saveClassInfoRoute, { method: 'POST', token, body: { id: 999999 } })).body.code).toBe(
      404,
    );
    const { token: other } = await signedIn({ roles: ['class_manage'] });
    expect((await save({ phone: '3' }, other)).status).toBe(403);
  });
});
