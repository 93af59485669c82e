import { expect, type APIRequestContext } from '@playwright/test';
import { fieldDef } from './field-fixtures';
import { ALL_PAYLOADS, payloadFor, payloadsUpTo } from './xss-payloads';

// Saves the corpus through every text path of the real API, within each path's own length limit:
// long texts carry every payload, short ones one payload each (a different one per field).

type Answer<T = unknown> = { code: number; message: string; data: T };

export const XSS_USER = { username: 'xss_user', password: 'Xss-12345-abc' };
export const XSS_KEY = `xss_${Date.now()}`;
export const XSS_PAGE_KEY = `${XSS_KEY}_page`;

const option = (index: number) => ({ label: payloadFor(64, index), value: payloadFor(64, index + 7) });
const options = (from: number) => [option(from), option(from + 1), option(from + 2)];

const BASE_SET = {
  title: { name: payloadFor(32, 0), showlist: true, isshow: true },
  short_title: { name: payloadFor(32, 1), showlist: true, isshow: true },
  intro: { name: payloadFor(32, 2), showlist: true, isshow: true },
  content: { name: payloadFor(32, 3), showlist: true, isshow: true },
};

const CHILD_FIELDS = [
  fieldDef({ key: 'cs', title: payloadFor(64, 20), type: 'string' }),
  fieldDef({ key: 'cm', title: payloadFor(64, 21), type: 'mult_string' }),
  fieldDef({ key: 'ch', title: payloadFor(64, 22), type: 'html_editor' }),
  fieldDef({
    key: 'csel',
    title: payloadFor(64, 23),
    type: 'select',
    options: options(24),
    is_self_write: true,
  }),
];

const listFields = (outUrl: string) => [
  fieldDef({ key: 's', title: payloadFor(64, 4), type: 'string', showlist: true, search: true }),
  fieldDef({ key: 'm', title: payloadFor(64, 5), type: 'mult_string', showlist: true }),
  fieldDef({ key: 'h', title: payloadFor(64, 6), type: 'html_editor', showlist: true }),
  fieldDef({
    key: 'sel',
    title: payloadFor(64, 7),
    type: 'select',
    options: options(8),
    showlist: true,
    search: true,
  }),
  fieldDef({
    key: 'self',
    title: payloadFor(64, 9),
    type: 'select',
    options: options(10),
    is_self_write: true,
    showlist: true,
  }),
  fieldDef({
    key: 'ms',
    title: payloadFor(64, 11),
    type: 'mult_select',
    options: options(12),
    is_self_write: true,
    showlist: true,
    search: true,
  }),
  fieldDef({
    key: 'oa',
    title: payloadFor(64, 13),
    type: 'out_auto',
    url: outUrl,
    showlist: true,
    search: true,
  }),
  fieldDef({
    key: 'rows',
    title: payloadFor(64, 14),
    type: 'child_info',
    child_info: CHILD_FIELDS,
    showlist: true,
  }),
];

const STEPS = [1, 2, 3].map((value) => ({ title: payloadFor(32, 14 + value), value }));

export type Seeded = { classId: number; newsId: number; uploads: { html: string; svg: string } };

export const seedCorpus = async ({
  api,
  token,
}: {
  api: APIRequestContext;
  token: string;
}): Promise<Seeded> => {
  const headers = { 'X-Token': token };
  const post = async <T>(action: string, data: unknown) => {
    const answer = (await (
      await api.post(`/api/v1/manage/${action}`, { headers, data })
    ).json()) as Answer<T>;
    expect(answer.code, `${action}: ${answer.message}`).toBe(200);
    return answer.data;
  };

  // A category whose own options feed the out_auto field (its items are the options).
  const category = {
    name: payloadFor(64, 30),
    key: XSS_KEY,
    icon: payloadFor(64, 31),
    class_type: '5',
    type_show: payloadFor(32, 32),
    hr_type: payloadFor(32, 33),
    other_info: { note: ALL_PAYLOADS },
    content_fileds: { list: [], base_set: BASE_SET, process: STEPS },
  };
  const { id: classId } = await post<{ id: number }>('class_manage/save_class', category);
  const outUrl = `news_manage/get_out_options?class_id=${classId}`;
  await post('class_manage/save_class', {
    ...category,
    id: classId,
    content_fileds: { ...category.content_fileds, list: listFields(outUrl) },
  });

  // A single page (type 1): its own fields and their saved values (class_fields).
  const singlePage = {
    name: payloadFor(64, 39),
    key: XSS_PAGE_KEY,
    class_type: '1',
    content_fileds: {
      list: [],
      base_set: BASE_SET,
      class: [
        ...CHILD_FIELDS,
        fieldDef({ key: 'rows', title: payloadFor(64, 40), type: 'child_info', child_info: CHILD_FIELDS }),
      ],
    },
  };
  const { id: pageId } = await post<{ id: number }>('class_manage/save_class', singlePage);

  const childRow = { cs: ALL_PAYLOADS, cm: ALL_PAYLOADS, ch: ALL_PAYLOADS, csel: payloadFor(200, 34) };
  const { id: newsId } = await post<{ id: number }>('news_manage/save_news_info', {
    class_id: classId,
    title: payloadsUpTo(500),
    short_title: payloadsUpTo(500, 20),
    intro: ALL_PAYLOADS,
    content: ALL_PAYLOADS,
    s: ALL_PAYLOADS,
    m: ALL_PAYLOADS,
    h: ALL_PAYLOADS,
    sel: option(8).value,
    self: payloadFor(200, 35),
    ms: [option(12).value, payloadFor(200, 36)],
    oa: payloadFor(200, 37),
    rows: [childRow, { ...childRow, csel: option(24).value }],
  });

  await post('news_manage/save_class_info', { id: pageId, ...childRow, rows: [childRow, childRow] });

  for (const process of [1, 2])
    await post('news_manage/save_process', {
      news_id: newsId,
      process,
      title: payloadsUpTo(200, process * 10),
      time: Math.floor(Date.now() / 1000),
      remark: ALL_PAYLOADS,
    });

  await post('manage_user/save_user', {
    username: XSS_USER.username,
    name: payloadFor(64, 38),
    introduction: payloadsUpTo(500, 5),
    roles: ['news_content'],
    password: XSS_USER.password,
  });

  await post('system_set/save_system_set', {
    ...(await (await api.get('/api/v1/manage/system_set/get_system_set', { headers })).json()).data,
    title: payloadFor(30, 0),
    login_subtitle: payloadsUpTo(100, 3),
    footer: payloadsUpTo(200, 9),
  });

  // Uploads named like payloads, carrying script: the HTML and SVG a Directus/Strapi advisory stored.
  const upload = async (name: string, mimeType: string, body: string) => {
    const response = await api.post('/api/v1/manage/news_manage/upload_one_file?kind=file', {
      headers,
      multipart: { file: { name, mimeType, buffer: Buffer.from(body) } },
    });
    const answer = (await response.json()) as Answer<string>;
    expect(answer.code, `上传 ${name}: ${answer.message}`).toBe(200);
    return answer.data;
  };
  const html = await upload('"><img src=x onerror=__x=90>.html', 'text/html', '<script>top.__x=91</script>');
  const svg = await upload(
    '<svg onload=__x=92>.svg',
    'image/svg+xml',
    '<svg xmlns="http://www.w3.org/2000/svg" onload="top.__x=93"><script>top.__x=94</script></svg>',
  );
  return { classId, newsId, uploads: { html, svg } };
};
