// 敏感词 on the 首页 (get_home_overview's `sensitive`): the words each item holds are recorded by the
// writes that check it — create, save (also what a partial save keeps unchecked), revert, import,
// move (under the target's fields), restore — cleared when fixed, gone with a deletion; a category is
// stale after a change of the lists or of its fields until a 敏感词检查 runs through it in one go;
// the counts respect the caller's categories.
import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { GET as overviewRoute } from '@/app/api/v1/manage/news_manage/get_home_overview/route';
import { POST as moveNewsRoute } from '@/app/api/v1/manage/news_manage/move_news/route';
import { DELETE as purgeNewsRoute } from '@/app/api/v1/manage/news_manage/purge_news/route';
import { POST as restoreNewsRoute } from '@/app/api/v1/manage/news_manage/restore_news/route';
import { POST as revertNewsRoute } from '@/app/api/v1/manage/news_manage/revert_news/route';
import { getDb } from '@/lib/db/client';
import type { HomeOverview, HomeSensitive } from '@/lib/home/home-types';
import { recordScanPage } from '@/lib/sensitive/scan-record';
import { Prisma } from '@/lib/generated/prisma/client';
import { call } from '../helpers/api';
import { createClass, field, saveClass } from '../helpers/categories';
import { importFile, xlsxOf } from '../helpers/import';
import { createNews, saveNews } from '../helpers/news';
import { addWord, clearWords, delWords, scanSensitive } from '../helpers/sensitive';
import { createUser, loginAs, signedIn } from '../helpers/users';

let admin: string;
const ids = { A: 0, B: 0 };
const A_FIELDS = [field({ key: 'source', title: '来源' })];

const sensitiveOf = async (token = admin): Promise<HomeSensitive> => {
  const result = await call<HomeOverview>(overviewRoute, { token });
  expect(result.status).toBe(200);
  return result.body.data.sensitive;
};
const classEntry = (data: HomeSensitive, classId: number) =>
  data.classes.find((entry) => entry.class_id === classId);
const itemWords = (data: HomeSensitive, newsId: number) =>
  data.items.find((item) => item.news_id === newsId)?.words;
/** The stored rows, to compare with what the 首页 says. */
const storedWords = async (newsId: number) => {
  const db = await getDb();
  const row = await db.newsSensitiveHit.findUnique({ where: { newsId } });
  return row ? (row.words as unknown) : null;
};
const WARN = { word: '最佳', level: 'warn' };

const del = (body: Record<string, unknown>) => call(delNewsRoute, { method: 'DELETE', token: admin, body });

beforeAll(async () => {
  admin = (await signedIn({ roles: ['admin'], name: '总编' })).token;
  ids.A = await createClass(admin, { name: '新闻', content_fileds: { list: A_FIELDS } });
  ids.B = await createClass(admin, { name: '公告' });
});

describe('get_home_overview: 敏感词', () => {
  it('says nothing while the deny list is empty', async () => {
    await createNews(admin, { class_id: ids.A, title: '最佳实践' });
    expect(await sensitiveOf()).toEqual({ has_words: false, classes: [], items: [] });
  });

  it('records a confirmed warn word on create and save, keeps what a partial save leaves, clears it when fixed', async () => {
    await addWord(admin, { word: '最佳', level: 'warn' });
    await addWord(admin, { word: '违禁', level: 'block' });
    await addWord(admin, { word: '某某', level: 'replace' });
    // A holds an item written before the words: stale, with no count, until checked.
    expect(classEntry(await sensitiveOf(), ids.A)).toEqual({
      class_id: ids.A,
      items: 0,
      capped: false,
      stale: true,
    });
    await clearA();
    expect(await sensitiveOf()).toEqual({ has_words: true, classes: [], items: [] });

    const refused = await saveNews(admin, { class_id: ids.A, title: '最佳产品' });
    expect(refused.body.code).toBe(40011);
    const first = await createNews(admin, { class_id: ids.A, title: '最佳产品', sensitive_confirmed: 1 });
    await createNews(admin, { class_id: ids.A, title: '干净的标题' });
    // A replace word is replaced, so the item does not hold it.
    const replaced = await createNews(admin, { class_id: ids.A, title: '某某公司' });
    const data = await sensitiveOf();
    expect(data.classes).toEqual([{ class_id: ids.A, items: 1, capped: false, stale: false }]);
    expect(data.items).toEqual([
      { news_id: first, class_id: ids.A, title: '最佳产品', words: [WARN], time: expect.any(Number) },
    ]);
    expect(await storedWords(replaced)).toBeNull();

    // Fixed: the row goes; the word in a field, confirmed: back.
    await saveNews(admin, { id: first, class_id: ids.A, title: '好产品' });
    expect(await sensitiveOf()).toEqual({ has_words: true, classes: [], items: [] });
    await saveNews(admin, {
      id: first,
      class_id: ids.A,
      title: '好产品',
      source: '最佳来源',
      sensitive_confirmed: 1,
    });
    expect(itemWords(await sensitiveOf(), first)).toEqual([WARN]);

    // A save that leaves the content out keeps it (and the word it holds) unchecked: still recorded.
    const rich = await createNews(admin, {
      class_id: ids.A,
      title: '正文有词',
      content: '<p>本店<b>最佳</b></p>',
      sensitive_confirmed: 1,
    });
    await saveNews(admin, { id: rich, class_id: ids.A, title: '正文有词（改）' });
    expect(itemWords(await sensitiveOf(), rich)).toEqual([WARN]);
    expect(classEntry(await sensitiveOf(), ids.A)?.items).toBe(2);
  });

  it('removes the row with a deletion to the 回收站, checks a restored item again, and a purge leaves none', async () => {
    const id = await createNews(admin, { class_id: ids.A, title: '最佳回收', sensitive_confirmed: 1 });
    expect(await storedWords(id)).toEqual([WARN]);
    expect((await del({ id })).body.code).toBe(200);
    expect(await storedWords(id)).toBeNull();
    expect(itemWords(await sensitiveOf(), id)).toBeUndefined();
    // Restored: checked with the lists as they are now (a new block word is found, not refused).
    const blockId = await addWord(admin, { word: '回收', level: 'block' });
    const restored = await call(restoreNewsRoute, { method: 'POST', token: admin, body: { ids: [id] } });
    expect(restored.body.code).toBe(200);
    expect(await storedWords(id)).toEqual([
      { word: '回收', level: 'block' },
      { word: '最佳', level: 'warn' },
    ]);
    await delWords(admin, { id: blockId });
    expect((await del({ id })).body.code).toBe(200);
    const purged = await call(purgeNewsRoute, { method: 'DELETE', token: admin, body: { ids: [id] } });
    expect(purged.body.code).toBe(200);
    expect(await storedWords(id)).toBeNull();
  });

  it('records a revert and a move (under the target category’s fields)', async () => {
    await checkAll();
    const id = await createNews(admin, { class_id: ids.A, title: '最佳版本', sensitive_confirmed: 1 });
    await saveNews(admin, { id, class_id: ids.A, title: '平常版本' });
    expect(await storedWords(id)).toBeNull();
    const reverted = await call(revertNewsRoute, {
      method: 'POST',
      token: admin,
      body: { id, rev: 1, sensitive_confirmed: 1 },
    });
    expect(reverted.body.code).toBe(200);
    expect(await storedWords(id)).toEqual([WARN]);

    // The word only in 来源, which 公告 does not have: after the move the item holds none there.
    const moving = await createNews(admin, {
      class_id: ids.A,
      title: '移动',
      source: '最佳渠道',
      sensitive_confirmed: 1,
    });
    expect(await storedWords(moving)).toEqual([WARN]);
    const moved = await call(moveNewsRoute, {
      method: 'POST',
      token: admin,
      body: { ids: [moving, id], class_id: ids.B },
    });
    expect(moved.body.code).toBe(200);
    expect(await storedWords(moving)).toBeNull();
    const data = await sensitiveOf();
    // The title's word moved with the item; 公告 was checked (every item it holds was checked by its write).
    expect(classEntry(data, ids.B)).toEqual({ class_id: ids.B, items: 1, capped: false, stale: false });
    expect(data.items.find((item) => item.news_id === id)).toMatchObject({ class_id: ids.B, words: [WARN] });
  });

  it('records an import’s rows, the unmapped texts of an update included', async () => {
    await checkAll();
    const bytes = await xlsxOf([
      ['标题', '来源'],
      ['导入最佳', ''],
      ['导入干净', '正常'],
    ]);
    const result = await importFile(admin, {
      bytes,
      fields: { class_id: ids.A, mode: 'commit', sensitive_confirmed: 1 },
    });
    expect(result.body.data.errors).toEqual([]);
    const db = await getDb();
    const rows = await db.news.findMany({
      where: { classId: ids.A, title: { in: ['导入最佳', '导入干净'] } },
      orderBy: { id: 'asc' },
    });
    expect(await storedWords(rows[0].id)).toEqual([WARN]);
    expect(await storedWords(rows[1].id)).toBeNull();
    // An update by ID of the title only: 来源 (not in the file) holds a word now, so the row says so.
    await db.$executeRaw`UPDATE news SET fields = jsonb_set(fields, '{source}', '"最佳"') WHERE id = ${rows[1].id}`;
    const update = await xlsxOf([
      ['ID', '标题'],
      [rows[1].id, '导入干净（改）'],
    ]);
    const updated = await importFile(admin, {
      bytes: update,
      fields: { class_id: ids.A, mode: 'commit', key: 'id', sensitive_confirmed: 1 },
    });
    expect(updated.body.data.errors).toEqual([]);
    expect(updated.body.data.updated).toBe(1);
    expect(await storedWords(rows[1].id)).toEqual([WARN]);
  });

  it('is stale after a change of the lists or of the fields until a 敏感词检查 runs through the category', async () => {
    await checkAll();
    // Content written behind the check's back (as before the lists existed): the scan finds it.
    const db = await getDb();
    const [{ id: old }] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO news (class_id, title, updated_at) VALUES (${ids.A}, '旧文新词', now()) RETURNING id`;
    const wordId = await addWord(admin, { word: '新词', level: 'warn' });
    let data = await sensitiveOf();
    expect(classEntry(data, ids.A)).toEqual({ class_id: ids.A, items: 0, capped: false, stale: true });
    expect(classEntry(data, ids.B)?.stale).toBe(true);
    // The stale categories' items are not listed.
    expect(data.items).toEqual([]);

    // A run broken off (a page, then not the next one) marks nothing.
    const page = await scanSensitive(admin, { class_id: ids.A, limit: 1 });
    expect(page.body.data.next_after_id).not.toBeNull();
    await scanSensitive(admin, {
      class_id: ids.A,
      after_id: (page.body.data.next_after_id ?? 0) + 1,
      limit: 500,
    });
    expect(classEntry(await sensitiveOf(), ids.A)?.stale).toBe(true);

    await scanAll(ids.A, 2);
    data = await sensitiveOf();
    expect(classEntry(data, ids.A)).toMatchObject({ stale: false });
    expect(itemWords(data, old)).toEqual([{ word: '新词', level: 'warn' }]);
    expect(classEntry(data, ids.B)?.stale).toBe(true);

    // A word removed: stale again; checked again, the item holds none.
    await delWords(admin, { id: wordId });
    expect(classEntry(await sensitiveOf(), ids.A)?.stale).toBe(true);
    await scanAll(ids.A, 500);
    expect(await storedWords(old)).toBeNull();
    expect(classEntry(await sensitiveOf(), ids.A)?.stale).not.toBe(true);

    // The category's fields changed: stale until checked again.
    await saveClass(admin, {
      id: ids.A,
      name: '新闻',
      content_fileds: { list: [...A_FIELDS, field({ key: 'memo', title: '备注' })] },
    });
    expect(classEntry(await sensitiveOf(), ids.A)?.stale).toBe(true);
    await scanAll(ids.A, 500);
    expect(classEntry(await sensitiveOf(), ids.A)?.stale).not.toBe(true);
  });

  it('does not overwrite what an item holds when it was written after the scan read it', async () => {
    await checkAll();
    const id = await createNews(admin, { class_id: ids.A, title: '最佳并发', sensitive_confirmed: 1 });
    const db = await getDb();
    const [row] = await db.$queryRaw<
      { row_version: string }[]
    >`SELECT xmin::text AS row_version FROM news WHERE id = ${id}`;
    await saveNews(admin, { id, class_id: ids.A, title: '最佳并发（改）', sensitive_confirmed: 1 });
    // A page read before that save says the item holds nothing: not written.
    await recordScanPage({
      items: [{ id, row_version: row.row_version, words: null }],
      version: '0',
      categories: Prisma.sql`false`,
      afterId: 1,
      lastId: null,
    });
    expect(await storedWords(id)).toEqual([WARN]);
  });

  it('counts only the categories the caller may use', async () => {
    await checkAll();
    const inA = await createNews(admin, { class_id: ids.A, title: '最佳甲', sensitive_confirmed: 1 });
    const inB = await createNews(admin, { class_id: ids.B, title: '最佳乙', sensitive_confirmed: 1 });
    const user = await createUser({ roles: ['news_content'] });
    const db = await getDb();
    await db.adminUser.update({ where: { id: user.id }, data: { classIds: [ids.B] } });
    const limited = await sensitiveOf(await loginAs(user));
    expect(limited.classes.map((entry) => entry.class_id)).toEqual([ids.B]);
    expect(limited.items.some((item) => item.news_id === inB)).toBe(true);
    expect(limited.items.some((item) => item.news_id === inA || item.class_id === ids.A)).toBe(false);
    expect((await sensitiveOf()).classes.map((entry) => entry.class_id)).toEqual([ids.A, ids.B]);
    await clearWords();
    expect(await sensitiveOf()).toEqual({ has_words: false, classes: [], items: [] });
  });
});

/** Empties 新闻 (to the 回收站), so its next items are all checked by their writes. */
async function clearA() {
  const db = await getDb();
  const rows = await db.news.findMany({ where: { classId: ids.A }, select: { id: true } });
  if (rows.length > 0) expect((await del({ ids: rows.map((row) => row.id) })).body.code).toBe(200);
}

/** 敏感词检查 of a category page by page to its end. */
async function scanAll(classId: number, limit: number) {
  let afterId = 0;
  for (;;) {
    const page = await scanSensitive(admin, { class_id: classId, after_id: afterId, limit });
    expect(page.status).toBe(200);
    if (page.body.data.next_after_id === null) return;
    afterId = page.body.data.next_after_id;
  }
}

/** Both categories checked with the lists as they are. */
async function checkAll() {
  await scanAll(ids.A, 500);
  await scanAll(ids.B, 500);
}
