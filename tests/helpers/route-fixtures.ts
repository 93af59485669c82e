import { POST as saveClassInfoRoute } from '@/app/api/v1/manage/news_manage/save_class_info/route';
import { randomBytes } from 'node:crypto';
import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { getDb } from '@/lib/db/client';
import { INT4_MAX } from '@/lib/validation/integers';
import { readSystemSettings } from '@/lib/settings/system-settings';
import { call } from './api';
import { createClass, field } from './categories';
import { createNews } from './news';
import { addRecord } from './process';

// What the route probes (route-probes.ts) call on: two list + process categories with a field of
// most kinds, an item and a record in each, an item of each in the 回收站, a single page, a spare
// user, an upload item B shows, and an id no row has.

export type Fixtures = {
  /** A list + process category (type 4) with a field of most kinds; the limited user's. */
  classA: number;
  /** The same shape, outside the limited user's rights. */
  classB: number;
  itemA: number;
  itemB: number;
  recordA: number;
  recordB: number;
  /** An item of category A in the 回收站 (deleted). */
  binA: number;
  /** An item of category B in the 回收站. */
  binB: number;
  /** A single-page category (type 1) with the same fields. */
  single: number;
  /** A user no caller is, for user edits to land on. */
  spareUser: number;
  /** An id no row has. */
  missing: number;
  /** The stored name of an upload (recorded only, no bytes in storage) that item B's content shows. */
  fileB: string;
};

const STEPS = [
  { title: '提交', value: 1 },
  { title: '审核', value: 2 },
];

const FIELDS = [
  field({ key: 'f_text', title: '文本', type: 'string', search: true }),
  field({ key: 'f_num', title: '数字', type: 'int', search: true }),
  field({ key: 'f_float', title: '小数', type: 'float' }),
  field({
    key: 'f_pick',
    title: '选择',
    type: 'select',
    search: true,
    options: [
      { label: '甲', value: 'a' },
      { label: '乙', value: 'b' },
    ],
  }),
  field({
    key: 'f_tags',
    title: '多选',
    type: 'mult_select',
    search: true,
    options: [
      { label: '一', value: 1 },
      { label: '二', value: 2 },
    ],
  }),
  field({ key: 'f_day', title: '日期', type: 'date', search: true }),
  field({ key: 'f_time', title: '时间', type: 'datetime', search: true }),
  field({ key: 'f_html', title: '富文本', type: 'html_editor' }),
  field({
    key: 'f_rows',
    title: '明细',
    type: 'child_info',
    child_info: [
      field({ key: 'c_name', title: '名称', type: 'string' }),
      field({ key: 'c_qty', title: '数量', type: 'int' }),
    ],
  }),
];

export const categoryBody = (name: string, classType = '4') => ({
  name,
  class_type: classType,
  other_info: { note: '备注', nested: { level: 1 } },
  content_fileds: { class: FIELDS, list: [], process: classType === '4' ? STEPS : [] },
});

export const fieldValues = {
  f_text: '文字',
  f_num: 7,
  f_float: 1.5,
  f_pick: 'a',
  f_tags: [1, 2],
  f_day: '2026-01-02',
  f_time: 1_767_225_600,
  f_html: '<p>段落</p>',
  f_rows: [{ c_name: '行', c_qty: 2 }],
};

export const itemBody = (classId: number) => ({
  class_id: classId,
  title: '标题',
  intro: '简介',
  content: '<p>正文</p>',
  ...fieldValues,
});

export const setUpFixtures = async (adminToken: string): Promise<Fixtures> => {
  const classA = await createClass(adminToken, categoryBody('甲栏目'));
  const classB = await createClass(adminToken, categoryBody('乙栏目'));
  const itemA = await createNews(adminToken, itemBody(classA));
  // A new name each time: the fuzzer sets the fixtures up again when a run broke them.
  const fileB = `${randomBytes(16).toString('hex')}.png`;
  const itemB = await createNews(adminToken, {
    ...itemBody(classB),
    content: `<p>正文</p><p><img src="/uploads/2026/01/${fileB}"></p>`,
  });
  const recordA = await addRecord(adminToken, { news_id: itemA, process: 1 });
  const recordB = await addRecord(adminToken, { news_id: itemB, process: 1 });
  const binA = await createNews(adminToken, { ...itemBody(classA), title: '回收站甲' });
  const binB = await createNews(adminToken, { ...itemBody(classB), title: '回收站乙' });
  const binned = await call(delNewsRoute, {
    method: 'DELETE',
    token: adminToken,
    body: { ids: [binA, binB] },
  });
  if (binned.body.code !== 200) throw new Error(`del_news failed: ${binned.body.message}`);
  const single = await createClass(adminToken, categoryBody('单页', '1'));
  // Saved once: the page has revision 1 (历史版本).
  const saved = await call(saveClassInfoRoute, {
    method: 'POST',
    token: adminToken,
    body: { id: single, ...fieldValues },
  });
  if (saved.body.code !== 200) throw new Error(`save_class_info failed: ${saved.body.message}`);
  const spare = await (
    await getDb()
  ).adminUser.create({
    // Never signed in with: the hash need not be one.
    data: { username: `spare_${single}`, name: '备用', roles: ['news_content'], passwordHash: '-' },
  });
  await (
    await getDb()
  ).uploadedFile.create({
    data: {
      name: fileB,
      key: `2026/01/${fileB}`,
      driver: 'local',
      kind: 'image',
      mimeType: 'image/png',
      size: 1,
    },
  });
  settingsInForce = { ...(await readSystemSettings()) };
  return {
    classA,
    classB,
    itemA,
    itemB,
    recordA,
    recordB,
    binA,
    binB,
    single,
    spareUser: spare.id,
    missing: INT4_MAX,
    fileB,
  };
};

/** Whether the fixtures are still as set up (an earlier fuzz run may have moved or deleted them). */
export const fixturesIntact = async (fx: Fixtures) => {
  const db = await getDb();
  const [classes, items, records, spare, bin] = await Promise.all([
    db.newsClass.findMany({
      where: { id: { in: [fx.classA, fx.classB, fx.single] } },
      select: { id: true, classType: true },
    }),
    db.news.findMany({ where: { id: { in: [fx.itemA, fx.itemB] } }, select: { id: true, classId: true } }),
    db.newsProcess.count({ where: { id: { in: [fx.recordA, fx.recordB] } } }),
    db.adminUser.count({ where: { id: fx.spareUser } }),
    db.newsTrash.findMany({ where: { id: { in: [fx.binA, fx.binB] } }, select: { id: true, classId: true } }),
  ]);
  const binClassOf = new Map(bin.map((row) => [row.id, row.classId]));
  const typeOf = new Map(classes.map((row) => [row.id, row.classType]));
  const classOf = new Map(items.map((row) => [row.id, row.classId]));
  return (
    typeOf.get(fx.classA) === '4' &&
    typeOf.get(fx.classB) === '4' &&
    typeOf.get(fx.single) === '1' &&
    classOf.get(fx.itemA) === fx.classA &&
    classOf.get(fx.itemB) === fx.classB &&
    records === 2 &&
    binClassOf.get(fx.binA) === fx.classA &&
    binClassOf.get(fx.binB) === fx.classB &&
    spare === 1
  );
};

/** The settings in force when the fixtures were set up, as save_system_set takes them back. */
let settingsInForce: Record<string, unknown> = {};
export const storedSettings = () => settingsInForce;
