// 敏感词 in the saves: every level (block → 40010, warn → 40011 unless confirmed, replace → saved
// replaced) on every checked place — an item's title, short title, intro, the text (not the
// markup) of its content and of a rich-text field, a text field inside a group row, a process
// record's title and remark, a single page's form — with nothing saved on a refusal and the
// confirmed words in the save's 操作日志 entry; the normalisation and the allow list through the
// API; check_sensitive and scan_sensitive.
import { POST as revertClassInfoRoute } from '@/app/api/v1/manage/news_manage/revert_class_info/route';
import { POST as revertNewsRoute } from '@/app/api/v1/manage/news_manage/revert_news/route';
import { POST as saveClassInfoRoute } from '@/app/api/v1/manage/news_manage/save_class_info/route';
import { getDb } from '@/lib/db/client';
import type { SensitiveHit } from '@/lib/sensitive/levels';
import { call, type ApiResult } from '../helpers/api';
import { entriesOf, lastEntryId } from '../helpers/audit';
import { createClass, field } from '../helpers/categories';
import { dataFingerprint } from '../helpers/fingerprint';
import { createNews, saveNews } from '../helpers/news';
import { addRecord, saveProcess } from '../helpers/process';
import { addWord, checkSensitive, clearWords, scanSensitive } from '../helpers/sensitive';
import { createUser, loginAs, signedIn } from '../helpers/users';

let admin: string;
let editor: string;
let newsClass: number;
let processClass: number;
let singlePage: number;

const LIST_FIELDS = [
  field({ key: 'f_text', title: '来源', max: 20 }),
  field({ key: 'f_rich', title: '正文', type: 'html_editor' }),
  field({
    key: 'staff',
    title: '人员',
    type: 'child_info',
    child_info: [field({ key: 'name', title: '姓名' })],
  }),
  field({
    key: 'kind',
    title: '类别',
    type: 'select',
    is_self_write: true,
    options: [{ label: '禁用词类', value: '禁用词' }],
  }),
];

beforeAll(async () => {
  admin = (await signedIn({ roles: ['system_set'] })).token;
  editor = (await signedIn({ roles: ['news_content', 'class_manage'], name: '编辑乙' })).token;
  newsClass = await createClass(editor, { name: '新闻', content_fileds: { list: LIST_FIELDS } });
  processClass = await createClass(editor, {
    name: '办件',
    class_type: '4',
    content_fileds: { process: [{ title: '受理', value: 1 }] },
  });
  singlePage = await createClass(editor, {
    name: '关于我们',
    class_type: '1',
    content_fileds: {
      class: [
        field({ key: 'f_text', title: '电话' }),
        field({ key: 'body', title: '介绍', type: 'html_editor' }),
      ],
    },
  });
});

beforeEach(async () => {
  await addWord(admin, { word: '禁用词', level: 'block', note: '不得使用' });
  await addWord(admin, { word: '提醒词', level: 'warn', note: '请确认' });
  await addWord(admin, { word: '替换词', level: 'replace', replacement: '###' });
});
afterEach(clearWords);

const db = async () => getDb();
const storedItem = async (id: number) =>
  (await db()).news.findUniqueOrThrow({
    where: { id },
    select: { title: true, shortTitle: true, intro: true, content: true, fields: true },
  });

type Place = {
  name: string;
  /** The hit's field and title in the answer. */
  field: string;
  title: string;
  /** Saves `text` at this place (confirmed or not); the call's answer. */
  save: (text: string, confirmed?: boolean) => Promise<ApiResult<unknown>>;
  /** The text as stored at this place after the last save. */
  stored: () => Promise<string>;
  /** How `text` is stored when accepted (rich text: inside its paragraph). */
  wrap?: (text: string) => string;
};

const confirm = (confirmed?: boolean) => (confirmed ? { sensitive_confirmed: 1 } : {});
const rich = (text: string) => `<p>${text}</p>`;

let itemId = 0;
let recordItem = 0;
let recordId = 0;

const PLACES: Place[] = [
  {
    name: 'the title of a new item',
    field: 'title',
    title: '标题',
    save: async (text, confirmed) => {
      const answer = await saveNews(editor, { class_id: newsClass, title: text, ...confirm(confirmed) });
      if (answer.body.code === 200) itemId = (answer.body.data as { id: number }).id;
      return answer;
    },
    stored: async () => (itemId ? (await storedItem(itemId)).title : ''),
  },
  {
    name: 'the title of an item saved again',
    field: 'title',
    title: '标题',
    save: (text, confirmed) =>
      saveNews(editor, { id: itemId, class_id: newsClass, title: text, ...confirm(confirmed) }),
    stored: async () => (await storedItem(itemId)).title,
  },
  {
    name: 'the short title',
    field: 'short_title',
    title: '副标题',
    save: (text, confirmed) =>
      saveNews(editor, {
        id: itemId,
        class_id: newsClass,
        title: '标题',
        short_title: text,
        ...confirm(confirmed),
      }),
    stored: async () => (await storedItem(itemId)).shortTitle,
  },
  {
    name: 'the intro',
    field: 'intro',
    title: '简介',
    save: (text, confirmed) =>
      saveNews(editor, {
        id: itemId,
        class_id: newsClass,
        title: '标题',
        intro: text,
        ...confirm(confirmed),
      }),
    stored: async () => (await storedItem(itemId)).intro,
  },
  {
    name: 'the text of the content',
    field: 'content',
    title: '内容',
    save: (text, confirmed) =>
      saveNews(editor, {
        id: itemId,
        class_id: newsClass,
        title: '标题',
        content: rich(text),
        ...confirm(confirmed),
      }),
    stored: async () => (await storedItem(itemId)).content,
    wrap: rich,
  },
  {
    name: 'a text field',
    field: 'f_text',
    title: '来源',
    save: (text, confirmed) =>
      saveNews(editor, {
        id: itemId,
        class_id: newsClass,
        title: '标题',
        f_text: text,
        ...confirm(confirmed),
      }),
    stored: async () => ((await storedItem(itemId)).fields as Record<string, string>).f_text,
  },
  {
    name: 'a rich-text field',
    field: 'f_rich',
    title: '正文',
    save: (text, confirmed) =>
      saveNews(editor, {
        id: itemId,
        class_id: newsClass,
        title: '标题',
        f_rich: rich(text),
        ...confirm(confirmed),
      }),
    stored: async () => ((await storedItem(itemId)).fields as Record<string, string>).f_rich,
    wrap: rich,
  },
  {
    name: 'a text field of a group row',
    field: 'staff.1.name',
    title: '人员第 2 行：姓名',
    save: (text, confirmed) =>
      saveNews(editor, {
        id: itemId,
        class_id: newsClass,
        title: '标题',
        staff: [{ name: '甲' }, { name: text }],
        ...confirm(confirmed),
      }),
    stored: async () => ((await storedItem(itemId)).fields as { staff: { name: string }[] }).staff[1].name,
  },
  {
    name: 'the title of a new process record',
    field: 'title',
    title: '标题',
    save: async (text, confirmed) => {
      const answer = await saveProcess(editor, {
        news_id: recordItem,
        process: 1,
        title: text,
        time: 1_767_225_600,
        ...confirm(confirmed),
      });
      if (answer.body.code === 200) recordId = (answer.body.data as { id: number }).id;
      return answer;
    },
    stored: async () =>
      recordId ? (await (await db()).newsProcess.findUniqueOrThrow({ where: { id: recordId } })).title : '',
  },
  {
    name: 'the remark of a process record saved again',
    field: 'remark',
    title: '备注',
    save: (text, confirmed) =>
      saveProcess(editor, {
        id: recordId,
        news_id: recordItem,
        process: 1,
        title: '记录',
        remark: text,
        time: 1_767_225_600,
        ...confirm(confirmed),
      }),
    stored: async () =>
      (await (await db()).newsProcess.findUniqueOrThrow({ where: { id: recordId } })).remark,
  },
  {
    name: 'a single page field',
    field: 'f_text',
    title: '电话',
    save: (text, confirmed) =>
      call(saveClassInfoRoute, {
        method: 'POST',
        token: editor,
        body: { id: singlePage, f_text: text, ...confirm(confirmed) },
      }),
    stored: async () =>
      (
        (await (await db()).newsClass.findUniqueOrThrow({ where: { id: singlePage } })).classFields as Record<
          string,
          string
        >
      ).f_text,
  },
  {
    name: 'a single page rich-text field',
    field: 'body',
    title: '介绍',
    save: (text, confirmed) =>
      call(saveClassInfoRoute, {
        method: 'POST',
        token: editor,
        body: { id: singlePage, body: rich(text), ...confirm(confirmed) },
      }),
    stored: async () =>
      (
        (await (await db()).newsClass.findUniqueOrThrow({ where: { id: singlePage } })).classFields as Record<
          string,
          string
        >
      ).body,
    wrap: rich,
  },
];

beforeAll(async () => {
  await clearWords();
  itemId = await createNews(editor, { class_id: newsClass, title: '已有内容' });
  recordItem = await createNews(editor, { class_id: processClass, title: '一件事' });
  recordId = await addRecord(editor, { news_id: recordItem, process: 1 });
});

/** What a refused call must leave: the data and the 操作日志. */
const snapshot = async () => ({ data: await dataFingerprint(), lastEntry: await lastEntryId() });

const hitsOf = (answer: ApiResult<unknown>) => (answer.body.data as { hits: SensitiveHit[] }).hits;

describe.each(PLACES.map((place) => [place.name, place] as const))('%s', (_name, place) => {
  const wrap = place.wrap ?? ((text: string) => text);

  it('block: refused with 40010 and the hit, nothing saved, even when confirmed', async () => {
    await place.save('开始的文字');
    const before = await snapshot();
    const answer = await place.save('前面是禁用词了', true);
    expect([answer.status, answer.body.code, answer.body.message]).toEqual([
      400,
      40010,
      '内容包含禁止使用的词语：禁用词',
    ]);
    expect(hitsOf(answer)).toEqual([
      {
        field: place.field,
        title: place.title,
        word: '禁用词',
        level: 'block',
        note: '不得使用',
        replacement: '',
        index: 3,
        length: 3,
        text: '禁用词',
        context: '前面是禁用词了',
      },
    ]);
    expect(await snapshot()).toEqual(before);
    expect(await place.stored()).toBe(wrap('开始的文字'));
  });

  it('warn: refused with 40011 until confirmed, then saved with the words in its 操作日志 entry', async () => {
    await place.save('开始的文字');
    const before = await snapshot();
    const refused = await place.save('有提醒词');
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      400,
      40011,
      '内容包含需确认的词语：提醒词',
    ]);
    expect(hitsOf(refused)).toEqual([
      expect.objectContaining({ field: place.field, word: '提醒词', level: 'warn', index: 1 }),
    ]);
    expect(await snapshot()).toEqual(before);
    const { result, entries } = await entriesOf(() => place.save('有提醒词', true));
    expect(result.body.code).toBe(200);
    expect(await place.stored()).toBe(wrap('有提醒词'));
    expect(
      entries
        .filter((entry) => ['create', 'update'].includes(entry.action))
        .map((entry) => entry.detail.sensitive_confirmed),
    ).toEqual([['提醒词']]);
  });

  it('replace: saved with the word replaced, and the answer lists it', async () => {
    const answer = await place.save('把替 换词换掉');
    expect(answer.body.code).toBe(200);
    expect(await place.stored()).toBe(wrap('把###换掉'));
    const replaced = (answer.body.data as { sensitive_replaced: SensitiveHit[] }).sensitive_replaced;
    expect(replaced).toEqual([
      expect.objectContaining({
        field: place.field,
        word: '替换词',
        level: 'replace',
        replacement: '###',
        index: 1,
        text: '替 换词',
      }),
    ]);
  });
});

describe('rich text: the text is checked and replaced, never tags, attributes or URLs', () => {
  it('passes a word that is only in attributes and URLs, and keeps them when replacing text', async () => {
    const markup =
      '<p><a href="https://example.com/禁用词/替换词" title="禁用词 提醒词 替换词">链接</a><img src="/禁用词.png" alt="禁用词" /></p>';
    const id = await createNews(editor, { class_id: newsClass, title: '附图', content: markup });
    expect((await storedItem(id)).content).toBe(markup);
    const answer = await saveNews(editor, {
      id,
      class_id: newsClass,
      title: '附图',
      content:
        '<p>前替<strong>换</strong>词后<a href="https://example.com/替换词" title="替换词">替换词</a></p>',
    });
    expect(answer.body.code).toBe(200);
    expect((await storedItem(id)).content).toBe(
      '<p>前###<strong></strong>后<a href="https://example.com/替换词" title="替换词">###</a></p>',
    );
    // The hit spans the tag: reported at its place in the text, tags dropped.
    const check = await checkSensitive(editor, {
      class_id: newsClass,
      title: 't',
      content: '<p>一二<em>禁</em>用词</p>',
    });
    expect(check.body.data.hits).toEqual([
      expect.objectContaining({
        field: 'content',
        index: 2,
        length: 3,
        text: '禁用词',
        context: '一二禁用词',
      }),
    ]);
  });

  it('a replacement is escaped as text', async () => {
    await addWord(admin, { word: '尖括号', level: 'replace', replacement: '<b>&</b>' });
    const id = await createNews(editor, { class_id: newsClass, title: 't', content: '<p>尖括号</p>' });
    expect((await storedItem(id)).content).toBe('<p>&lt;b&gt;&amp;&lt;/b&gt;</p>');
  });
});

describe('normalisation and the allow list through a save', () => {
  it.each([
    ['full-width', '前ＡＢＣ后', 'ＡＢＣ'],
    ['letter case', '前aBc后', 'aBc'],
    ['traditional characters', '前禁用詞後', '禁用詞'],
    ['fillers', '前禁 *用-_.词后', '禁 *用-_.词'],
    ['zero-width characters', '前禁\u200b用\u200d词后', '禁\u200b用\u200d词'],
  ])('finds a word written in %s, at its place in the original text', async (_case, title, text) => {
    await addWord(admin, { word: 'abc', level: 'block' });
    const answer = await saveNews(editor, { class_id: newsClass, title });
    expect(answer.body.code).toBe(40010);
    expect(hitsOf(answer)).toEqual([expect.objectContaining({ index: 1, length: text.length, text })]);
  });

  it('an allowed word keeps a listed word inside it from hitting, but not elsewhere', async () => {
    await addWord(admin, { word: '禁用词典', list: 'allow' });
    expect((await saveNews(editor, { class_id: newsClass, title: '查禁用词典' })).body.code).toBe(200);
    const answer = await saveNews(editor, { class_id: newsClass, title: '查禁用词典和禁用词' });
    expect(hitsOf(answer).map((hit) => [hit.word, hit.index])).toEqual([['禁用词', 6]]);
  });

  it('refuses a replacement that makes a text longer than its field allows', async () => {
    await addWord(admin, { word: '长', level: 'replace', replacement: '很长很长很长很长很长' });
    const before = await snapshot();
    const answer = await saveNews(editor, { id: itemId, class_id: newsClass, title: 't', f_text: '长长长' });
    expect([answer.status, answer.body.message]).toEqual([
      400,
      '来源替换敏感词后超过 20 个字，请修改后再保存',
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('saves as before when the lists have no deny word', async () => {
    await clearWords();
    await addWord(admin, { word: '禁用词', list: 'allow' });
    expect((await saveNews(editor, { class_id: newsClass, title: '禁用词 提醒词 替换词' })).body.code).toBe(
      200,
    );
  });
});

describe('check_sensitive', () => {
  it('answers every hit of a form without saving it, not validating it either', async () => {
    const before = await snapshot();
    const long = '这是一段很长很长很长很长很长很长很长的来源，超过了二十个字，还有替换词';
    const answer = await checkSensitive(editor, {
      class_id: newsClass,
      title: '标题有禁用词',
      intro: '提醒词',
      f_text: long,
      staff: [{ name: '提醒词' }],
      kind: '禁用词',
    });
    expect(answer.body.code).toBe(200);
    expect(
      answer.body.data.hits.map((hit) => [hit.field, hit.title, hit.word, hit.level, hit.index]),
    ).toEqual([
      ['title', '标题', '禁用词', 'block', 3],
      ['intro', '简介', '提醒词', 'warn', 0],
      ['f_text', '来源', '替换词', 'replace', long.indexOf('替换词')],
      ['staff.0.name', '人员第 1 行：姓名', '提醒词', 'warn', 0],
    ]);
    expect(answer.body.data.hits[2].context).toBe('超过了二十个字，还有替换词');
    expect(await snapshot()).toEqual(before);
  });

  it('checks a single page’s form by its own fields', async () => {
    const answer = await checkSensitive(editor, {
      class_id: singlePage,
      body: '<p title="禁用词">有替换词</p>',
    });
    expect(answer.body.data.hits.map((hit) => [hit.field, hit.title, hit.word])).toEqual([
      ['body', '介绍', '替换词'],
    ]);
  });

  it('answers 404 for an unknown category and 403 outside the caller’s categories', async () => {
    expect((await checkSensitive(editor, { class_id: 999_999, title: 'x' })).status).toBe(404);
    const limited = await createUser({ roles: ['news_content'] });
    await (await db()).adminUser.update({ where: { id: limited.id }, data: { classIds: [processClass] } });
    const token = await loginAs(limited);
    expect((await checkSensitive(token, { class_id: newsClass, title: '禁用词' })).status).toBe(403);
  });
});

describe('scan_sensitive', () => {
  it('pages through existing items in id order and lists those with hits', async () => {
    const category = await createClass(editor, { name: '旧内容', content_fileds: { list: LIST_FIELDS } });
    await clearWords();
    const ids = [];
    for (const title of ['一', '二有旧词', '三', '四', '五有旧词'])
      ids.push(await createNews(editor, { class_id: category, title }));
    const withContent = await createNews(editor, { class_id: category, title: '六', content: '<p>旧词</p>' });
    await addWord(admin, { word: '旧词', level: 'warn', note: '旧说法' });
    const pages = [];
    let after: number | null = 0;
    while (after !== null) {
      const page = await scanSensitive(editor, { class_id: category, after_id: after, limit: 2 });
      expect(page.body.code).toBe(200);
      pages.push(page.body.data);
      after = page.body.data.next_after_id;
    }
    expect(pages.map((page) => [page.scanned, page.total, page.data.map((item) => item.id)])).toEqual([
      [2, 6, [ids[1]]],
      [2, 6, []],
      [2, 6, [ids[4], withContent]],
      [0, 6, []],
    ]);
    expect(pages[2].data[1]).toEqual({
      id: withContent,
      class_id: category,
      title: '六',
      hits: [
        expect.objectContaining({ field: 'content', word: '旧词', level: 'warn', note: '旧说法', index: 0 }),
      ],
    });
  });

  it('without a category scans the caller’s categories only', async () => {
    const mine = await createClass(editor, { name: '我的' });
    const other = await createClass(editor, { name: '别人的' });
    // Written around the API (as before the word was listed).
    const { id: myItem } = await (await db()).news.create({ data: { classId: mine, title: '禁用词在我的' } });
    await (await db()).news.create({ data: { classId: other, title: '禁用词在别人的' } });
    const limited = await createUser({ roles: ['news_content'] });
    await (await db()).adminUser.update({ where: { id: limited.id }, data: { classIds: [mine] } });
    const token = await loginAs(limited);
    const answer = await scanSensitive(token, { limit: 500 });
    expect(answer.body.data.data.map((item) => item.id)).toEqual([myItem]);
    expect(answer.body.data.total).toBe(1);
    expect((await scanSensitive(token, { class_id: other })).status).toBe(403);
    // An unlimited caller sees both.
    const all = await scanSensitive(editor, { limit: 500 });
    expect(all.body.data.data.map((item) => item.title)).toEqual(
      expect.arrayContaining(['禁用词在我的', '禁用词在别人的']),
    );
  });

  it('answers at once with nothing to find when the deny list is empty', async () => {
    await clearWords();
    const answer = await scanSensitive(editor, { class_id: newsClass });
    expect(answer.body.data).toMatchObject({ data: [], scanned: 0, next_after_id: null });
  });

  it.each([
    [{ limit: 501 }, '一次最多检查 500 条'],
    [{ after_id: -1 }, '起始 id 不正确'],
    [{ class_id: 'x' }, '栏目 id 不正确'],
  ])('refuses %j', async (body, message) => {
    const answer = await scanSensitive(editor, body);
    expect([answer.status, answer.body.message]).toEqual([400, message]);
  });
});

// A version saved before a word was listed is checked when it is restored (revert_news,
// revert_class_info): restoring it writes it as the item's content again, like a save.
describe('恢复历史版本 passes the check of a save', () => {
  /** An item whose first version has `title`, saved while the lists were empty, then retitled. */
  const itemWithOldTitle = async (title: string) => {
    await clearWords();
    const id = await createNews(editor, { class_id: newsClass, title });
    expect((await saveNews(editor, { id, class_id: newsClass, title: '现在的标题' })).body.code).toBe(200);
    await addWord(admin, { word: '禁用词', level: 'block' });
    await addWord(admin, { word: '提醒词', level: 'warn' });
    await addWord(admin, { word: '替换词', level: 'replace', replacement: '###' });
    return id;
  };
  const revertNews = (body: Record<string, unknown>) =>
    call<{ sensitive_replaced?: SensitiveHit[] }>(revertNewsRoute, { method: 'POST', token: editor, body });

  it('block: 40010 with the hit, nothing written (no revision, no 操作日志)', async () => {
    const id = await itemWithOldTitle('旧标题有禁用词');
    const before = await snapshot();
    const answer = await revertNews({ id, rev: 1, sensitive_confirmed: 1 });
    expect([answer.status, answer.body.code, answer.body.message]).toEqual([
      400,
      40010,
      '内容包含禁止使用的词语：禁用词',
    ]);
    expect(hitsOf(answer)).toEqual([
      expect.objectContaining({ field: 'title', word: '禁用词', level: 'block' }),
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('warn: 40011 until confirmed, then restored with the confirmed word in its 操作日志 entry', async () => {
    const id = await itemWithOldTitle('旧标题有提醒词');
    const before = await snapshot();
    const refused = await revertNews({ id, rev: 1 });
    expect([refused.status, refused.body.code]).toEqual([400, 40011]);
    expect(await snapshot()).toEqual(before);
    const { result, entries } = await entriesOf(() => revertNews({ id, rev: 1, sensitive_confirmed: 1 }));
    expect(result.body.code).toBe(200);
    expect((await storedItem(id)).title).toBe('旧标题有提醒词');
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'revert',
        target_id: id,
        detail: expect.objectContaining({ sensitive_confirmed: ['提醒词'] }),
      }),
    ]);
  });

  it('replace: restored with the word replaced, and the answer says so', async () => {
    const id = await itemWithOldTitle('旧标题有替换词');
    const answer = await revertNews({ id, rev: 1 });
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.sensitive_replaced).toEqual([
      expect.objectContaining({ word: '替换词', field: 'title' }),
    ]);
    expect((await storedItem(id)).title).toBe('旧标题有###');
  });

  it('a single page: block refused and nothing written, warn saved once confirmed', async () => {
    await clearWords();
    const save = (text: string) =>
      call(saveClassInfoRoute, { method: 'POST', token: editor, body: { id: singlePage, f_text: text } });
    const revisionOf = async () =>
      Number(
        (
          await (
            await db()
          ).$queryRaw<
            { rev: number }[]
          >`SELECT max(rev) AS rev FROM class_info_revision WHERE class_id = ${singlePage}`
        )[0].rev,
      );
    expect((await save('电话禁用词')).body.code).toBe(200);
    const blockedRev = await revisionOf();
    expect((await save('电话提醒词')).body.code).toBe(200);
    const warnedRev = await revisionOf();
    expect((await save('电话')).body.code).toBe(200);
    await addWord(admin, { word: '禁用词', level: 'block' });
    await addWord(admin, { word: '提醒词', level: 'warn' });
    const revertPage = (body: Record<string, unknown>) =>
      call(revertClassInfoRoute, { method: 'POST', token: editor, body: { id: singlePage, ...body } });

    const before = await snapshot();
    const blocked = await revertPage({ rev: blockedRev, sensitive_confirmed: 1 });
    expect([blocked.status, blocked.body.code]).toEqual([400, 40010]);
    expect(hitsOf(blocked)).toEqual([expect.objectContaining({ field: 'f_text', word: '禁用词' })]);
    expect((await revertPage({ rev: warnedRev })).body.code).toBe(40011);
    expect(await snapshot()).toEqual(before);

    expect((await revertPage({ rev: warnedRev, sensitive_confirmed: 1 })).body.code).toBe(200);
    const stored = (await (await db()).newsClass.findUniqueOrThrow({ where: { id: singlePage } }))
      .classFields as Record<string, unknown>;
    expect(stored.f_text).toBe('电话提醒词');
  });
});
