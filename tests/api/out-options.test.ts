import { GET as outOptionsRoute } from '@/app/api/v1/manage/news_manage/get_out_options/route';
import { call } from '../helpers/api';
import { createClass } from '../helpers/categories';
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
