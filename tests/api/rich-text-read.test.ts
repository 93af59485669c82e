import { GET as getClassInfoRoute } from '@/app/api/v1/manage/news_manage/get_calss_info/route';
import { GET as getNewsOneRoute } from '@/app/api/v1/manage/news_manage/get_news_one/route';
import { getDb } from '@/lib/db/client';
import { call } from '../helpers/api';
import { createClass, field } from '../helpers/categories';
import { createNews } from '../helpers/news';
import { signedIn } from '../helpers/users';

// Rich text is cleaned on save; a row written another way (SQL, an import, an older version) is
// cleaned again when a form reads it, so the editor never receives a handler or a script URL.

const RAW =
  '<p>正文</p><img src=x onerror="alert(1)"><a href="javascript:alert(2)">链接</a><script>alert(3)</script>';
const CLEAN = '<p>正文</p><img src="x" /><a>链接</a>';

const schema = [
  field({ key: 'body', title: '介绍', type: 'html_editor' }),
  field({ key: 'note', title: '备注' }),
  field({
    key: 'rows',
    title: '明细',
    type: 'child_info',
    child_info: [field({ key: 'html', title: '说明', type: 'html_editor' })],
  }),
];

let token: string;

beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['class_manage', 'news_content'] }));
});

it('get_news_one cleans the content and every rich-text value of a row written around the API', async () => {
  const classId = await createClass(token, { content_fileds: { list: schema } });
  const id = await createNews(token, { class_id: classId, title: '原始行' });
  const db = await getDb();
  await db.$executeRaw`UPDATE news SET content = ${RAW},
    fields = ${JSON.stringify({ body: RAW, note: RAW, rows: [{ html: RAW }, 'not a row'] })}::jsonb WHERE id = ${id}`;

  const { body } = await call<Record<string, unknown>>(getNewsOneRoute, { token, query: { id: String(id) } });
  expect(body.code).toBe(200);
  expect(body.data).toMatchObject({ content: CLEAN, body: CLEAN, rows: [{ html: CLEAN }, 'not a row'] });
  // Plain text is not HTML: it is answered as stored, for the page to show as text.
  expect(body.data.note).toBe(RAW);
});

it('get_calss_info cleans the rich-text values of a single page the same way', async () => {
  const classId = await createClass(token, { class_type: '1', content_fileds: { class: schema } });
  const db = await getDb();
  await db.$executeRaw`UPDATE news_class SET class_fields = ${JSON.stringify({ body: RAW, rows: [{ html: RAW }] })}::jsonb
    WHERE id = ${classId}`;

  const { body } = await call<{ class_fields: Record<string, unknown> }>(getClassInfoRoute, {
    token,
    query: { id: String(classId) },
  });
  expect(body.code).toBe(200);
  expect(body.data.class_fields).toEqual({ body: CLEAN, rows: [{ html: CLEAN }] });
});
