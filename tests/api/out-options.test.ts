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
    const all = await call<{ label: string; value: number }[]>(outOptionsRoute, { token, query: { class_id: String(classId) } });
    expect(all.body.data).toEqual([{ label: '李四', value: b }, { label: '张三', value: a }]);
    const some = await call<unknown[]>(outOptionsRoute, { token, query: { class_id: String(classId), keyword: '张' } });
    expect(some.body.data).toEqual([{ label: '张三', value: a }]);
    expect((await call(outOptionsRoute, { token, query: { class_id: '999999' } })).body.code).toBe(404);
  });
});
