import { GET as outOptionsRoute } from '@/app/api/v1/manage/news_manage/get_out_options/route';
import { getDb } from '@/lib/db/client';
import { call, type ApiResult } from '../helpers/api';
import { createClass, field } from '../helpers/categories';
import { dataFingerprint } from '../helpers/fingerprint';
import { createNews } from '../helpers/news';
import { signedIn } from '../helpers/users';

describe('GET news_manage/get_out_options', () => {
  it('answers the items of a category as {label, value}, newest first, filtered by keyword', async () => {
    const { token } = await signedIn({ roles: ['news_content', 'class_manage'] });
    const classId = await createClass(token, { name: '作者' });
    const a = await createNews(token, { class_id: classId, title: '张三', new_time: 1_700_000_000 });
    const b = await createNews(token, { class_id: classId, title: '李四', new_time: 1_700_000_100 });
    const all = await call<{ label: string; value: number }[]>(outOptionsRoute, {
      token,
      query: { class_id: String(classId) },
    });
    expect(all.body.data).toEqual([
      { label: '李四', value: b },
      { label: '张三', value: a },
    ]);
    const some = await call<unknown[]>(outOptionsRoute, {
      token,
      query: { class_id: String(classId), keyword: '张' },
    });
    expect(some.body.data).toEqual([{ label: '张三', value: a }]);
    expect((await call(outOptionsRoute, { token, query: { class_id: '999999' } })).body.code).toBe(404);
  });

  it('finds labels by id (only in that category) and searches titles on the server', async () => {
    const { token } = await signedIn({ roles: ['news_content', 'class_manage'] });
    const authors = await createClass(token, { name: '作者库' });
    const other = await createClass(token, { name: '别的栏目' });
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1)
      ids.push(
        await createNews(token, { class_id: authors, title: `作者${i}号`, new_time: 1_700_000_000 + i }),
      );
    const stranger = await createNews(token, { class_id: other, title: '作者外人' });
    const options = (query: Record<string, string>) =>
      call<{ label: string; value: number }[]>(outOptionsRoute, {
        token,
        query: { class_id: String(authors), ...query },
      });

    // The oldest items are outside a short first list, but their labels are found by id.
    expect((await options({ limit: '5' })).body.data.map((option) => option.value)).toEqual(
      ids.slice(-5).reverse(),
    );
    const byId = await options({ ids: `${ids[0]},${ids[1]},${ids[0]},${stranger}` });
    expect(byId.body.data).toEqual([
      { label: '作者1号', value: ids[1] },
      { label: '作者0号', value: ids[0] },
    ]);

    // Server-side search reaches any item, however old; grams of another category stay out.
    expect((await options({ keyword: '作者0号' })).body.data).toEqual([{ label: '作者0号', value: ids[0] }]);
    expect((await options({ keyword: '外人' })).body.data).toEqual([]);
    expect((await options({ keyword: '2', limit: '3' })).body.data.map((option) => option.label)).toEqual([
      '作者29号',
      '作者28号',
      '作者27号',
    ]);

    expect((await options({ ids: '1,x' })).body).toMatchObject({ code: 400, message: '选项编号不正确' });
    expect(
      (await options({ ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') })).body,
    ).toMatchObject({ code: 400, message: '一次最多 100 个编号' });
  });
});

describe('an editor limited to one category and its relation fields (for_class_id + field)', () => {
  type Option = { label: string; value: number };
  const FORBIDDEN = { code: 403, message: '没有该栏目的权限', data: null };
  const relation = (key: string, classId: number) =>
    field({ key, title: '关联', type: 'out_auto', url: `news_manage/get_out_options?class_id=${classId}` });

  let admin: string;
  let editor: string;
  const ids = { own: 0, authors: 0, other: 0, foreign: 0, single: 0, a: 0, b: 0, secret: 0 };
  const options = (query: Record<string, unknown>, token = editor) =>
    call<Option[]>(outOptionsRoute, {
      token,
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
  const expectForbidden = (result: ApiResult) => {
    expect([result.status, result.body]).toEqual([403, FORBIDDEN]);
  };

  beforeAll(async () => {
    ({ token: admin } = await signedIn({ roles: ['admin'] }));
    ids.authors = await createClass(admin, { name: '作者' });
    ids.other = await createClass(admin, { name: '内部资料' });
    // The editor's category: a relation to 作者 (top level, and inside a child_info group), and
    // a plain field. 他人的栏目 (not the editor's) has a relation to 内部资料.
    ids.own = await createClass(admin, {
      name: '稿件',
      content_fileds: {
        list: [
          relation('author', ids.authors),
          field({ key: 'plain', title: '文本', type: 'string' }),
          field({
            key: 'rows',
            title: '明细',
            type: 'child_info',
            child_info: [relation('c_author', ids.authors)],
          }),
        ],
      },
    });
    ids.single = await createClass(admin, {
      name: '单页',
      class_type: '1',
      content_fileds: { class: [relation('page_author', ids.authors)] },
    });
    ids.foreign = await createClass(admin, {
      name: '他人的栏目',
      content_fileds: { list: [relation('secret_ref', ids.other)] },
    });
    ids.a = await createNews(admin, { class_id: ids.authors, title: '张三', new_time: 1_700_000_000 });
    ids.b = await createNews(admin, { class_id: ids.authors, title: '李四', new_time: 1_700_000_100 });
    ids.secret = await createNews(admin, { class_id: ids.other, title: '内部标题' });
    const limited = await signedIn({ roles: ['news_content'] });
    await (
      await getDb()
    ).adminUser.update({
      where: { id: limited.user.id },
      data: { classIds: [ids.own, ids.single] },
    });
    editor = limited.token;
  });

  it('reads the options of its own category’s relation field, whatever category they come from', async () => {
    const own = { class_id: ids.authors, for_class_id: ids.own, field: 'author' };
    const all = await options(own);
    expect(all.body).toEqual({
      code: 200,
      message: '操作成功',
      data: [
        { label: '李四', value: ids.b },
        { label: '张三', value: ids.a },
      ],
    });
    expect((await options({ ...own, keyword: '张' })).body.data).toEqual([{ label: '张三', value: ids.a }]);
    expect((await options({ ...own, ids: `${ids.a}` })).body.data).toEqual([{ label: '张三', value: ids.a }]);
    // Only the category the field points to: an id of another category finds nothing.
    expect((await options({ ...own, ids: `${ids.secret}` })).body.data).toEqual([]);
    // A field inside a child_info group, and a single page's field.
    expect((await options({ ...own, field: 'c_author' })).body.data).toHaveLength(2);
    expect(
      (await options({ class_id: ids.authors, for_class_id: ids.single, field: 'page_author' })).body.data,
    ).toHaveLength(2);
  });

  it('is refused (403, nothing read) for a category or field it may not use to reach them', async () => {
    const before = await dataFingerprint();
    // Without naming the form, as before: the source category is not the editor's.
    expectForbidden(await options({ class_id: ids.authors }));
    // A relation of a category the editor may not edit.
    expectForbidden(await options({ class_id: ids.other, for_class_id: ids.foreign, field: 'secret_ref' }));
    // The editor's category, but a field that is no relation, no field at all, or one pointing elsewhere.
    expectForbidden(await options({ class_id: ids.authors, for_class_id: ids.own, field: 'plain' }));
    expectForbidden(await options({ class_id: ids.authors, for_class_id: ids.own, field: 'nothing' }));
    expectForbidden(await options({ class_id: ids.other, for_class_id: ids.own, field: 'author' }));
    expectForbidden(
      await options({ class_id: ids.other, for_class_id: ids.own, field: 'author', ids: `${ids.secret}` }),
    );
    // Half of the pair, a category that does not exist, a malformed field key.
    expectForbidden(await options({ class_id: ids.authors, for_class_id: ids.own }));
    expectForbidden(await options({ class_id: ids.authors, field: 'author' }));
    expectForbidden(await options({ class_id: ids.authors, for_class_id: 999_999, field: 'author' }));
    expect(
      (await options({ class_id: ids.authors, for_class_id: ids.own, field: 'A-1' })).body,
    ).toMatchObject({
      code: 400,
      message: '字段标识不正确',
    });
    expect(await dataFingerprint()).toEqual(before);
  });

  it('changes nothing for a user who may use the source category: with or without the form named', async () => {
    const { token } = await signedIn({ roles: ['news_content'] });
    expect((await options({ class_id: ids.other }, token)).body.data).toEqual([
      { label: '内部标题', value: ids.secret },
    ]);
    expect(
      (await options({ class_id: ids.authors, for_class_id: ids.own, field: 'author' }, token)).body.data,
    ).toHaveLength(2);
  });
});
