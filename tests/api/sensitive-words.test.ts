// 敏感词 lists (系统设置 → 敏感词): the word-list calls, their refusals, the 操作日志 entries, import
// and export (UTF-8 with or without BOM, GB18030, bad lines by number, one transaction) and the
// lists' refresh in this process at once and in another within about a second.
import { getDb } from '@/lib/db/client';
import { currentWordList } from '@/lib/sensitive/word-list';
import { entriesOf } from '../helpers/audit';
import { createClass } from '../helpers/categories';
import { saveNews } from '../helpers/news';
import {
  addWord,
  clearWords,
  delWords,
  encodeGb18030,
  exportWords,
  importWords,
  listWords,
  saveWord,
  storedWords,
} from '../helpers/sensitive';
import { signedIn } from '../helpers/users';

let admin: string;
let editor: string;
let classId: number;

beforeAll(async () => {
  admin = (await signedIn({ roles: ['system_set'], name: '管理员甲' })).token;
  editor = (await signedIn({ roles: ['news_content', 'class_manage'] })).token;
  classId = await createClass(editor, { name: '新闻' });
});

afterEach(clearWords);

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('save_sensitive_word / get_sensitive_words / del_sensitive_word', () => {
  it('adds words of each level and the allow list, and lists them newest first with their author', async () => {
    const block = await addWord(admin, { word: '禁词', level: 'block', note: '禁止使用' });
    const warn = await addWord(admin, { word: '第一', level: 'warn', note: '应为"领先"' });
    const replace = await addWord(admin, { word: '垃圾', level: 'replace' });
    const custom = await addWord(admin, { word: '傻瓜', level: 'replace', replacement: '[已替换]' });
    const allowed = await addWord(admin, { word: '第一时间', list: 'allow', level: 'block' });
    const deny = (await listWords(admin)).data;
    expect(deny.map((row) => [row.id, row.word, row.level, row.replacement, row.note, row.list])).toEqual([
      [custom, '傻瓜', 'replace', '[已替换]', '', 'deny'],
      [replace, '垃圾', 'replace', '**', '', 'deny'],
      [warn, '第一', 'warn', '', '应为"领先"', 'deny'],
      [block, '禁词', 'block', '', '禁止使用', 'deny'],
    ]);
    expect(deny[0].created_by).toBe('管理员甲');
    expect(Math.abs(deny[0].created_at - Date.now() / 1000)).toBeLessThan(60);
    const allow = await listWords(admin, { list: 'allow' });
    expect([allow.data, allow.total]).toEqual([
      [expect.objectContaining({ id: allowed, word: '第一时间', level: null })],
      1,
    ]);
  });

  it('filters by level and finds a word by its normalised form, and pages', async () => {
    await addWord(admin, { word: '敏 感 词', level: 'warn' });
    await addWord(admin, { word: '最佳', level: 'block' });
    await addWord(admin, { word: '國家級', level: 'warn' });
    expect((await listWords(admin, { level: 'warn' })).total).toBe(2);
    expect((await listWords(admin, { word: '敏感' })).data.map((row) => row.word)).toEqual(['敏 感 词']);
    expect((await listWords(admin, { word: '国家' })).data.map((row) => row.word)).toEqual(['國家級']);
    const page = await listWords(admin, { page: 2, limit: 2 });
    expect([page.total, page.data.map((row) => row.word)]).toEqual([3, ['敏 感 词']]);
  });

  it.each([
    ['an empty word', { word: '', level: 'block' }, '请填写词语'],
    ['blank', { word: '   ', level: 'block' }, '请填写词语'],
    ['51 characters', { word: '长'.repeat(51), level: 'block' }, '词语不能超过 50 个字'],
    [
      'an unknown level',
      { word: '词', level: 'forbid' },
      '级别只能是 block（禁止）、warn（提醒）或 replace（替换）',
    ],
    ['no level', { word: '词' }, '请选择级别'],
    [
      'an unknown list',
      { word: '词', level: 'block', list: 'grey' },
      '名单只能是 deny（敏感词）或 allow（白名单）',
    ],
    ['only fillers', { word: '* . -', level: 'block' }, '词语不能只由空格、标点或符号组成'],
    ['a line break', { word: '敏\n感', level: 'block' }, '词语不能包含换行或控制字符'],
    [
      'a long replacement',
      { word: '词', level: 'replace', replacement: '*'.repeat(51) },
      '替换为不能超过 50 个字',
    ],
    ['a long note', { word: '词', level: 'block', note: '长'.repeat(201) }, '说明不能超过 200 个字'],
  ])('refuses %s with 400 and saves nothing', async (_case, body, message) => {
    const result = await saveWord(admin, body);
    expect([result.status, result.body.message]).toEqual([400, message]);
    expect(await storedWords()).toEqual([]);
  });

  it('takes 50 characters', async () => {
    expect((await saveWord(admin, { word: '长'.repeat(50), level: 'block' })).status).toBe(200);
  });

  it('refuses a word whose normalised form is in its list already, but not in the other list', async () => {
    await addWord(admin, { word: '敏感词', level: 'block' });
    const same = await saveWord(admin, { word: '敏感词', level: 'warn' });
    expect([same.status, same.body.message]).toEqual([400, '「敏感词」已在敏感词中']);
    const alike = await saveWord(admin, { word: '敏 感 詞', level: 'warn' });
    expect(alike.body.message).toBe(
      '「敏 感 詞」与敏感词中的「敏感词」相同（忽略大小写、全半角、繁简与标点）',
    );
    expect((await saveWord(admin, { word: '敏感词', list: 'allow' })).status).toBe(200);
    expect((await storedWords()).length).toBe(2);
  });

  it('edits a word (its level, replacement and list) and refuses an unknown id', async () => {
    const id = await addWord(admin, { word: '差评', level: 'block' });
    expect((await saveWord(admin, { id, word: '差评', level: 'replace' })).body.code).toBe(200);
    expect((await listWords(admin)).data[0]).toMatchObject({ id, level: 'replace', replacement: '**' });
    const missing = await saveWord(admin, { id: 999_999, word: '别的', level: 'block' });
    expect([missing.status, missing.body.message]).toEqual([404, '词语不存在']);
  });

  it('deletes words, all or none', async () => {
    const a = await addWord(admin, { word: '甲词', level: 'block' });
    const b = await addWord(admin, { word: '乙词', level: 'block' });
    const refused = await delWords(admin, { ids: [a, 999_999] });
    expect([refused.status, refused.body.message]).toEqual([404, '词语不存在']);
    expect((await storedWords()).length).toBe(2);
    expect((await delWords(admin, { ids: [a, b] })).body).toEqual({
      code: 200,
      message: '已删除 2 个词语',
      data: { count: 2 },
    });
    expect(await storedWords()).toEqual([]);
  });

  it('is for the system_set role only', async () => {
    expect((await saveWord(editor, { word: '词', level: 'block' })).status).toBe(403);
    expect((await listWords(editor)).status).toBe(403);
    expect((await delWords(editor, { id: 1 })).status).toBe(403);
    expect((await importWords(editor, { bytes: utf8('词') })).status).toBe(403);
    expect((await exportWords(editor)).status).toBe(403);
    expect(await storedWords()).toEqual([]);
  });

  it('records creating, changing, deleting and importing words in the 操作日志', async () => {
    const created = await entriesOf(() => addWord(admin, { word: '记录词', level: 'warn', note: '说明' }));
    const id = created.result;
    expect(created.entries).toEqual([
      expect.objectContaining({
        action: 'create',
        target_type: 'sensitive_word',
        target_id: id,
        detail: {
          name: '记录词',
          values: { word: '记录词', list: 'deny', level: 'warn', replacement: '', note: '说明' },
        },
      }),
    ]);
    const updated = await entriesOf(() =>
      saveWord(admin, { id, word: '记录词', level: 'block', note: '说明' }),
    );
    expect(updated.entries).toEqual([
      expect.objectContaining({
        action: 'update',
        target_id: id,
        detail: { name: '记录词', changes: { level: { from: 'warn', to: 'block' } } },
      }),
    ]);
    const deleted = await entriesOf(() => delWords(admin, { id }));
    expect(deleted.entries).toEqual([
      expect.objectContaining({
        action: 'delete',
        target_id: id,
        detail: { name: '记录词', values: { list: 'deny', level: 'block' } },
      }),
    ]);
    const imported = await entriesOf(() =>
      importWords(admin, { bytes: utf8('甲\n乙\n甲\n'), filename: '词表.txt' }),
    );
    expect(imported.entries).toEqual([
      expect.objectContaining({
        action: 'import',
        target_type: 'sensitive_word',
        detail: { name: '词表.txt', values: { list: 'deny', added: 2, skipped: 1, bytes: 12 } },
      }),
    ]);
  });
});

describe('import_sensitive_words / export_sensitive_words', () => {
  const FILE = [
    'word,level,replacement,note', // a header
    '禁词', // the default level
    '提醒词,warn,,应为"提示"',
    '替换词,replace',
    '自定义,替换,[删],',
    '', // blank: passed over
    '长'.repeat(51),
    '坏级别,severe',
    '禁 詞', // the same as line 2, normalised
    '   ,block',
    '"引号,block',
  ].join('\r\n');

  it('adds the good lines and reports each bad one by its line number, in Chinese', async () => {
    const result = await importWords(admin, { bytes: utf8(FILE), filename: 'words.csv' });
    expect(result.body).toEqual({
      code: 200,
      message: '已导入 4 个词语，跳过 5 行',
      data: {
        added: 4,
        skipped: [
          { line: 7, reason: '词语超过 50 个字' },
          { line: 8, reason: '级别不正确：severe（应为 block/禁止、warn/提醒 或 replace/替换）' },
          { line: 9, reason: '与第 2 行重复' },
          { line: 10, reason: '词语为空' },
          { line: 11, reason: '格式不正确（引号不成对）' },
        ],
        skipped_total: 5,
      },
    });
    const words = (await listWords(admin)).data;
    expect(words.map((row) => [row.word, row.level, row.replacement, row.note]).reverse()).toEqual([
      ['禁词', 'block', '', ''],
      ['提醒词', 'warn', '', '应为"提示"'],
      ['替换词', 'replace', '***', ''],
      ['自定义', 'replace', '[删]', ''],
    ]);
  });

  it('skips words already in the list, and takes the level of unmarked lines from the call', async () => {
    await addWord(admin, { word: '已有', level: 'block' });
    const result = await importWords(admin, { bytes: utf8('已有\n新词\n'), fields: { level: 'warn' } });
    expect(result.body.data).toEqual({
      added: 1,
      skipped: [{ line: 1, reason: '已在敏感词中' }],
      skipped_total: 1,
    });
    expect((await listWords(admin, { word: '新词' })).data[0].level).toBe('warn');
  });

  it('reads UTF-8 with a BOM, and GB18030, and imports into the allow list', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('带签名\n')]);
    expect((await importWords(admin, { bytes: bom })).body.data.added).toBe(1);
    const gb = encodeGb18030('国标词,warn,,说明文字\n最佳实践\n');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(gb)).toThrow();
    const result = await importWords(admin, { bytes: gb, fields: { list: 'allow' } });
    expect(result.body.data.added).toBe(2);
    const allow = (await listWords(admin, { list: 'allow' })).data;
    expect(allow.map((row) => [row.word, row.level, row.note]).reverse()).toEqual([
      ['国标词', null, '说明文字'],
      ['最佳实践', null, ''],
    ]);
    expect((await listWords(admin)).data.map((row) => row.word)).toEqual(['带签名']);
  });

  it('exports the import format, and an export imports back to the same list', async () => {
    await importWords(admin, {
      bytes: utf8(
        ['甲词,block,,说明,带逗号', '乙词,warn,,"有""引号"""', '=公式,replace,-', '丙词,replace,[丙]'].join(
          '\n',
        ),
      ),
    });
    const exported = await exportWords(admin);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sensitive-words-deny\.csv"/,
    );
    expect([...exported.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(exported.bytes.slice(3));
    expect(text).toBe(
      [
        'word,level,replacement,note',
        `乙词,warn,,"有""引号"""`,
        `"'=公式",replace,"'-",`,
        '丙词,replace,[丙],',
        '',
      ].join('\r\n'),
    );
    const before = (await listWords(admin)).data.map(({ word, level, replacement, note }) => ({
      word,
      level,
      replacement,
      note,
    }));
    await clearWords();
    const again = await importWords(admin, { bytes: exported.bytes, filename: 'sensitive-words-deny.csv' });
    expect(again.body.data).toEqual({ added: 3, skipped: [], skipped_total: 0 });
    const after = (await listWords(admin)).data.map(({ word, level, replacement, note }) => ({
      word,
      level,
      replacement,
      note,
    }));
    expect(after).toEqual(before);
  });

  it('adds nothing when the file is refused: too large (413, while streaming), not .txt/.csv, no file', async () => {
    const big = utf8(`${'长词\n'.repeat(900_000)}`);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const tooLarge = await importWords(admin, { bytes: big });
    expect([tooLarge.status, tooLarge.body.message]).toEqual([413, '文件不能超过 5 MB']);
    expect(tooLarge.headers.get('connection')).toBe('close');
    const wrongType = await importWords(admin, { bytes: utf8('词'), filename: 'words.xlsx' });
    expect([wrongType.status, wrongType.body.message]).toEqual([400, '只能导入 .txt 或 .csv 文件']);
    const badList = await importWords(admin, { bytes: utf8('词'), fields: { list: 'grey' } });
    expect(badList.status).toBe(400);
    expect(await storedWords()).toEqual([]);
  });

  it('is one transaction: a failure part-way adds nothing', async () => {
    const db = await getDb();
    // A word the table refuses at the database (longer than its column) only after others were inserted.
    await db.$executeRawUnsafe(
      `CREATE FUNCTION sensitive_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.word = '炸' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`,
    );
    await db.$executeRawUnsafe(
      'CREATE TRIGGER sensitive_test_fail BEFORE INSERT ON sensitive_word FOR EACH ROW EXECUTE FUNCTION sensitive_test_fail()',
    );
    try {
      const lines = Array.from({ length: 1500 }, (_, i) => `词${i}`);
      lines.push('炸');
      const result = await importWords(admin, { bytes: utf8(lines.join('\n')) });
      expect(result.status).toBe(500);
      expect(await storedWords()).toEqual([]);
    } finally {
      await db.$executeRawUnsafe('DROP TRIGGER sensitive_test_fail ON sensitive_word');
      await db.$executeRawUnsafe('DROP FUNCTION sensitive_test_fail()');
    }
  });
});

describe('changes apply at once here and within about a second in other processes', () => {
  it('a save sees a word added through the API at once', async () => {
    expect((await saveNews(editor, { class_id: classId, title: '立即生效' })).status).toBe(200);
    await addWord(admin, { word: '立即生效', level: 'block' });
    const refused = await saveNews(editor, { class_id: classId, title: '立即生效' });
    expect(refused.body.code).toBe(40010);
    const [row] = (await listWords(admin)).data;
    await delWords(admin, { id: row.id });
    expect((await saveNews(editor, { class_id: classId, title: '立即生效' })).status).toBe(200);
  });

  it('a word written by another process (the version moved in SQL) is used here within about a second', async () => {
    expect((await currentWordList()).matcher).toBeNull(); // read and kept by this process
    const db = await getDb();
    await db.$transaction([
      db.$executeRaw`INSERT INTO sensitive_word (list, word, normalised, level) VALUES ('deny', '别处加的', '别处加的', 'block')`,
      db.$executeRaw`
      INSERT INTO sensitive_word_version (id, version) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET version = sensitive_word_version.version + 1`,
    ]);
    const started = Date.now();
    let answer = await saveNews(editor, { class_id: classId, title: '别处加的' });
    while (answer.body.code === 200 && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await saveNews(editor, { class_id: classId, title: '别处加的' });
    }
    expect(answer.body.code).toBe(40010);
    // The lists are read again at most a second after the last read; the bound allows for a slow machine.
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
