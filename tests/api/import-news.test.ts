import { GET as newsOneRoute } from '@/app/api/v1/manage/news_manage/get_news_one/route';
import { POST as lockRoute } from '@/app/api/v1/manage/news_manage/lock_news/route';
import { getDb } from '@/lib/db/client';
import { settleImports } from '@/lib/news/import/import-jobs';
import { importNews } from '@/lib/news/import/import-news';
import { forgetWordList } from '@/lib/sensitive/word-list';
import { call } from '../helpers/api';
import { createClass, field } from '../helpers/categories';
import { importCategory, importFile, xlsxOf, type ImportResult } from '../helpers/import';
import { createNews } from '../helpers/news';
import { addWord } from '../helpers/sensitive';
import { createUser, loginAs, signedIn } from '../helpers/users';

// import_news (issue 23): conversions of every field type through save_news_info's own checks,
// dry run, on_error, updates by key, locks, rights, repeats, 敏感词 and the 操作日志.

afterAll(() => settleImports());

const OPTIONS = [
  { label: '甲', value: 'a' },
  { label: '乙', value: 'b' },
  { label: '丙', value: 'c' },
];

const ALL_TYPES = [
  field({ key: 'f_string', title: '单行', type: 'string', max: 5 }),
  field({ key: 'f_text', title: '多行', type: 'mult_string' }),
  field({ key: 'f_int', title: '整数', type: 'int' }),
  field({ key: 'f_float', title: '小数', type: 'float' }),
  field({ key: 'f_select', title: '单选', type: 'select', options: OPTIONS }),
  field({ key: 'f_multi', title: '多选', type: 'mult_select', options: OPTIONS }),
  field({ key: 'f_time', title: '时间', type: 'datetime' }),
  field({ key: 'f_date', title: '日期', type: 'date' }),
  field({ key: 'f_color', title: '颜色', type: 'color' }),
  field({ key: 'f_img', title: '图片', type: 'img' }),
  field({ key: 'f_picture', title: '单图', type: 'one_picture' }),
  field({ key: 'f_video', title: '视频', type: 'one_video' }),
  field({ key: 'f_pictures', title: '多图', type: 'mult_pictures', limit: 2 }),
  field({ key: 'f_html', title: '富文本', type: 'html_editor' }),
  field({ key: 'f_link', title: '关联', type: 'out_auto', url: 'news_manage/get_out_options?class_id=1' }),
  field({
    key: 'f_group',
    title: '人员',
    type: 'child_info',
    child_info: [
      field({ key: 'c_name', title: '姓名', type: 'string', ismust: true }),
      field({ key: 'c_level', title: '级别', type: 'select', options: OPTIONS }),
    ],
  }),
  field({ key: 'f_no', title: '编号', type: 'auto' }),
  field({ key: 'f_last', title: '最后修改', type: 'auto_back' }),
  field({ key: 'f_must', title: '必填', type: 'string', ismust: true }),
];

const HEADER = [
  '标题',
  '单行',
  '多行',
  '整数',
  '小数',
  '单选',
  '多选',
  '时间',
  '日期',
  '颜色',
  '图片',
  '单图',
  '视频',
  '多图',
  '富文本',
  '关联',
  '人员',
  '必填',
  '锁定',
];

const seconds = (...parts: [number, number, number, number?, number?, number?]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0).getTime() / 1000;

const newsOne = async (token: string, id: number) =>
  (await call<Record<string, unknown>>(newsOneRoute, { token, query: { id: String(id) } })).body.data;

const counts = async () => {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ news: number; revisions: number; log: number; files: number }[]>`
    SELECT (SELECT count(*)::int FROM news) AS news, (SELECT count(*)::int FROM news_revision) AS revisions,
      (SELECT count(*)::int FROM audit_log) AS log, (SELECT count(*)::int FROM news_import_file) AS files`;
  return row;
};

const itemsOf = async (classId: number) => {
  const db = await getDb();
  return db.$queryRaw<
    {
      id: number;
      title: string;
      intro: string;
      content: string;
      is_lock: boolean;
      new_time: Date;
      fields: Record<string, unknown>;
    }[]
  >`SELECT id, title, intro, content, is_lock, new_time, fields FROM news WHERE class_id = ${classId} ORDER BY id`;
};

let admin: string;
beforeAll(async () => {
  ({ token: admin } = await signedIn({ roles: ['news_content', 'class_manage'] }));
});

describe('conversions of every field type', () => {
  let classId: number;
  beforeAll(async () => {
    classId = await createClass(admin, { name: '全部类型', content_fileds: { list: ALL_TYPES } });
  });

  const goodRow = [
    '全部正确',
    '短文',
    '第一行\n第二行',
    '42',
    3.5,
    '乙',
    '甲、c,丙，乙',
    new Date(Date.UTC(2026, 0, 2, 9, 30)),
    new Date(Date.UTC(2026, 4, 6)),
    '#ABC',
    '/uploads/a.png',
    'https://example.com/b.jpg',
    '/uploads/v.mp4',
    '/uploads/1.png，/uploads/2.png',
    '<p>正文<script>alert(1)</script></p>',
    7,
    '[{"姓名":"张三","级别":"丙"},{"c_name":"李四"}]',
    '有',
    '是',
  ];

  it('converts each type as save_news_info stores it (dates from date cells, labels, lists, switches)', async () => {
    const bytes = await xlsxOf(
      [
        HEADER,
        goodRow,
        [
          '文本时间',
          ...Array(6).fill(''),
          '2026-3-4 8:05',
          '2026-03-05',
          ...Array(8).fill(''),
          '有',
          'false',
        ],
        ['秒数时间', ...Array(6).fill(''), '1767312000', 1767312000, ...Array(8).fill(''), '有', 0],
      ],
      (sheet) => {
        sheet.getCell('H2').numFmt = 'yyyy-mm-dd hh:mm';
        sheet.getCell('I2').numFmt = 'yyyy-mm-dd';
      },
    );
    const result = await importFile(admin, { bytes, fields: { class_id: classId, mode: 'commit' } });
    expect(result.body.data.errors).toEqual([]);
    expect(result.body.message).toContain('新增 3 条');
    expect(result.body.data.errors).toEqual([]);
    const [first, second, third] = await itemsOf(classId);
    expect(first.title).toBe('全部正确');
    expect(first.is_lock).toBe(true);
    expect(first.fields).toMatchObject({
      f_string: '短文',
      f_text: '第一行\n第二行',
      f_int: 42,
      f_float: 3.5,
      f_select: 'b',
      f_multi: ['a', 'c', 'b'],
      f_time: seconds(2026, 1, 2, 9, 30),
      f_date: '2026-05-06',
      f_color: '#aabbcc',
      f_img: '/uploads/a.png',
      f_picture: 'https://example.com/b.jpg',
      f_video: '/uploads/v.mp4',
      f_pictures: '/uploads/1.png,/uploads/2.png',
      f_link: 7,
      f_group: [
        { c_name: '张三', c_level: 'c' },
        { c_name: '李四', c_level: null },
      ],
      f_no: 1,
      f_must: '有',
    });
    expect(first.fields.f_html).toBe('<p>正文</p>');
    expect(first.fields.f_last).toMatchObject({ name: expect.any(String) });
    expect(second.fields).toMatchObject({ f_time: seconds(2026, 3, 4, 8, 5), f_date: '2026-03-05', f_no: 2 });
    expect(second.is_lock).toBe(false);
    expect(third.fields).toMatchObject({
      f_time: 1767312000,
      f_date: expect.stringMatching(/^2026-01-0[12]$/),
      f_no: 3,
    });
  });

  it('refuses each bad value with its row and column, through the field rules of every save', async () => {
    const bad = (column: string, value: unknown) => {
      const row = HEADER.map(() => '' as unknown);
      row[0] = `坏${column}`;
      row[HEADER.indexOf('必填')] = '有';
      row[HEADER.indexOf(column)] = value;
      return row;
    };
    const rows = [
      bad('单行', '超过五个字了'),
      bad('整数', '4.5'),
      bad('小数', '三'),
      bad('单选', '丁'),
      bad('多选', '甲、丁'),
      bad('时间', '2026/13/40'),
      bad('日期', '明天'),
      bad('颜色', 'red'),
      bad('图片', 'javascript:alert(1)'),
      bad('视频', '/uploads/v.avi'),
      bad('多图', '/uploads/1.png,/uploads/2.png,/uploads/3.png'),
      bad('人员', '张三'),
      bad('人员', '[{"级别":"甲"}]'),
      bad('锁定', '也许'),
      bad('必填', ''),
      bad('标题', ''),
    ];
    const bytes = await xlsxOf([HEADER, ...rows]);
    const before = await counts();
    const result = await importFile(admin, { bytes, fields: { class_id: classId, mode: 'dry_run' } });
    expect(result.status).toBe(200);
    const errors = result.body.data.errors.map((error) => [
      error.row,
      error.column,
      error.cell,
      error.message,
    ]);
    expect(errors).toEqual([
      [2, '单行', 'B2', '单行不能超过 5 个字'],
      [3, '整数', 'D3', '整数必须是整数'],
      [4, '小数', 'E4', '小数必须是数字'],
      [5, '单选', 'F5', '单选的选项不正确：丁'],
      [6, '多选', 'G6', '多选的选项不正确：丁'],
      [7, '时间', 'H7', '时间必须是日期时间（yyyy-mm-dd hh:mm 或 10 位秒数）'],
      [8, '日期', 'I8', '日期必须是 yyyy-mm-dd 格式的日期'],
      [9, '颜色', 'J9', '颜色必须是 #rrggbb 格式的颜色'],
      [10, '图片', 'K10', '图片的文件地址不正确'],
      [11, '视频', 'M11', '视频只能是 mp4 视频'],
      [12, '多图', 'N12', '多图最多只能上传 2 张图片'],
      [13, '人员', 'Q13', expect.stringContaining('人员必须是 JSON')],
      [14, '人员', 'Q14', '人员第 1 行：请填写姓名'],
      [15, '锁定', 'S15', '锁定只能填 是/否、1/0 或 true/false'],
      [16, '必填', 'R16', '请填写必填'],
      [17, '标题', 'A17', expect.stringContaining('标题')],
    ]);
    expect(result.body.data).toMatchObject({ total: 16, valid: 0, skipped: 16, committed: false });
    expect(await counts()).toEqual(before);
  });
});

describe('modes, keys and locks', () => {
  let classId: number;
  const header = ['标题', '摘要', '价格', '编码'];
  beforeAll(async () => {
    classId = await importCategory(admin, {
      name: '导入模式',
      base: { intro: '摘要' },
      list: [
        field({ key: 'price', title: '价格', type: 'float' }),
        field({ key: 'code', title: '编码', type: 'string' }),
      ],
    });
  });

  it('dry run writes nothing; on_error=all refuses a file with a bad row; skip writes the good rows', async () => {
    const bytes = await xlsxOf([
      header,
      ['一', '简', 1, 'A1'],
      ['二', '简', 'x', 'A2'],
      ['三', '简', 3, 'A3'],
    ]);
    const before = await counts();
    const dry = await importFile(admin, { bytes, fields: { class_id: classId, mode: 'dry_run' } });
    expect(dry.body.data).toMatchObject({ total: 3, valid: 2, created: 2, skipped: 1, committed: false });
    expect(dry.body.data.preview.map((row) => [row.row, row.title, row.price])).toEqual([
      [2, '一', 1],
      [4, '三', 3],
    ]);
    expect(await counts()).toEqual(before);

    const all = await importFile(admin, { bytes, fields: { class_id: classId, mode: 'commit' } });
    expect(all.status).toBe(400);
    expect(all.body.message).toContain('有 1 行有错误（第 3 行起），未导入任何内容');
    expect((all.body.data as ImportResult).errors).toEqual([
      { row: 3, column: '价格', cell: 'C3', field: 'price', message: '价格必须是数字' },
    ]);
    expect(await counts()).toEqual(before);

    const skip = await importFile(admin, {
      bytes,
      fields: { class_id: classId, mode: 'commit', on_error: 'skip' },
    });
    expect(skip.body.data).toMatchObject({ committed: true, created: 2, updated: 0, skipped: 1 });
    expect((await itemsOf(classId)).map((item) => item.title)).toEqual(['一', '三']);
  });

  it('refuses a base key other than the titles (400, nothing written): 摘要 and 发布时间 are not looked up', async () => {
    const bytes = await xlsxOf([
      [...header, '发布时间'],
      ['四', '简', 4, 'A4', '2026-01-02'],
    ]);
    const before = await counts();
    for (const key of ['intro', 'new_time']) {
      const answer = await importFile(admin, { bytes, fields: { class_id: classId, mode: 'commit', key } });
      expect([answer.status, answer.body.message]).toEqual([
        400,
        expect.stringMatching(/^不能按「.+」查找要更新的内容，请选择 ID、标题或单值字段$/),
      ]);
    }
    expect(await counts()).toEqual(before);
  });

  it('updates by id and by a field: only the mapped columns change; others create; locked items are row errors', async () => {
    const [one, three] = await itemsOf(classId);
    // By id: the 价格 column only; 摘要 and 编码 keep their values.
    const byId = await xlsxOf([
      ['ID', '价格'],
      [one.id, 10],
      [three.id, 30],
    ]);
    const updated = await importFile(admin, {
      bytes: byId,
      fields: { class_id: classId, mode: 'commit', key: 'id' },
    });
    expect(updated.body.data).toMatchObject({ created: 0, updated: 2 });
    const after = await itemsOf(classId);
    expect(after.map((item) => [item.title, item.intro, item.fields])).toEqual([
      ['一', '简', { price: 10, code: 'A1' }],
      ['三', '简', { price: 30, code: 'A3' }],
    ]);

    // By 编码: A3 updates, A9 creates; an unknown id would be a row error.
    const byCode = await xlsxOf([
      ['编码', '标题', '价格'],
      ['A3', '三（改）', 33],
      ['A9', '九', 9],
      ['A3', '重复', 1],
    ]);
    const mixed = await importFile(admin, {
      bytes: byCode,
      fields: { class_id: classId, mode: 'commit', key: 'code', on_error: 'skip' },
    });
    expect(mixed.body.data).toMatchObject({ created: 1, updated: 1, skipped: 1 });
    expect(mixed.body.data.errors).toEqual([
      { row: 4, column: '编码', cell: 'A4', field: 'code', message: '与第 2 行的编码相同' },
    ]);
    const titles = (await itemsOf(classId)).map((item) => [item.title, item.fields.price]);
    expect(titles).toEqual([
      ['一', 10],
      ['三（改）', 33],
      ['九', 9],
    ]);

    // A locked item is not changed: its row is an error.
    expect(
      (await call(lockRoute, { method: 'POST', token: admin, body: { id: one.id, is_lock: 1 } })).status,
    ).toBe(200);
    const locked = await importFile(admin, {
      bytes: await xlsxOf([
        ['ID', '价格'],
        [one.id, 99],
        [999999, 1],
      ]),
      fields: { class_id: classId, mode: 'commit', key: 'id', on_error: 'skip' },
    });
    expect(locked.body.data.errors.map((error) => [error.row, error.message])).toEqual([
      [2, '该内容已锁定，请先解锁'],
      [3, '没有 ID 为 999999 的内容'],
    ]);
    expect((await newsOne(admin, one.id)).price).toBe(10);
  });

  it('refuses the same file twice in a category, naming when and who, unless allow_repeat', async () => {
    const bytes = await xlsxOf([header, ['重复文件', '简', 1, 'R1']]);
    const first = await importFile(admin, { bytes, fields: { class_id: classId, mode: 'commit' } });
    expect(first.body.data.created).toBe(1);
    const dry = await importFile(admin, { bytes, fields: { class_id: classId, mode: 'dry_run' } });
    expect(dry.body.data.repeat_of).toMatchObject({ username: expect.any(String) });
    const again = await importFile(admin, { bytes, fields: { class_id: classId, mode: 'commit' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^该文件已于 \d{4}-\d\d-\d\d \d\d:\d\d 由 .+ 导入到本栏目/);
    const allowed = await importFile(admin, {
      bytes,
      fields: { class_id: classId, mode: 'commit', allow_repeat: 1 },
    });
    expect(allowed.body.data.created).toBe(1);
  });

  it('remembers the mapping of a category and offers it again; an explicit mapping wins', async () => {
    const bytes = await xlsxOf([
      ['名称', '备注'],
      ['映射', '无关'],
    ]);
    const auto = await importFile(admin, { bytes, fields: { class_id: classId, mode: 'dry_run' } });
    expect(auto.status).toBe(400);
    expect(auto.body.message).toContain('没有任何列对应到栏目的字段');
    const mapped = await importFile(admin, {
      bytes,
      fields: { class_id: classId, mode: 'commit', mapping: JSON.stringify({ 名称: 'title', 备注: '' }) },
    });
    expect(mapped.body.data).toMatchObject({ created: 1, mapping: { 名称: 'title', 备注: '' } });
    const offered = await importFile(admin, { bytes, fields: { class_id: classId, mode: 'dry_run' } });
    expect(offered.body.data.mapping).toEqual({ 名称: 'title', 备注: '' });
    const wrong = await importFile(admin, {
      bytes,
      fields: { class_id: classId, mode: 'dry_run', mapping: JSON.stringify({ 名称: 'nope' }) },
    });
    expect([wrong.status, wrong.body.message]).toEqual([400, '映射中的字段「nope」不是该栏目的字段']);
  });

  it('writes a revision (import) per item, the per-item 操作日志 entries and one import entry', async () => {
    const db = await getDb();
    const [{ max }] = await db.$queryRaw<
      { max: number }[]
    >`SELECT COALESCE(max(id), 0)::int AS max FROM audit_log`;
    const target = (await itemsOf(classId)).find((item) => !item.is_lock)!;
    const bytes = await xlsxOf([
      ['ID', '标题', '价格'],
      [target.id, target.title, 11],
      ['', '日志新建', 5],
    ]);
    const result = await importFile(admin, {
      bytes,
      filename: '日志.xlsx',
      fields: { class_id: classId, mode: 'commit', key: 'id', on_error: 'skip' },
    });
    expect(result.body.data).toMatchObject({ created: 1, updated: 1 });
    const entries = await db.$queryRaw<
      { action: string; target_type: string; target_id: number; detail: Record<string, unknown> }[]
    >`
      SELECT action, target_type, target_id, detail FROM audit_log WHERE id > ${max} ORDER BY id`;
    expect(entries.map((entry) => [entry.action, entry.target_type])).toEqual([
      ['create', 'news'],
      ['update', 'news'],
      ['import', 'class'],
    ]);
    expect(entries[1].detail).toMatchObject({
      changes: { 'fields.price': { from: target.fields.price, to: 11 } },
    });
    expect(entries[2]).toMatchObject({
      target_id: classId,
      detail: {
        file: '日志.xlsx',
        sha256: result.body.data.file_hash,
        values: { rows: 2, created: 1, updated: 1, skipped: 0 },
      },
    });
    const revisions = await db.$queryRaw<{ action: string }[]>`
      SELECT action FROM news_revision WHERE news_id = ${target.id} ORDER BY rev DESC LIMIT 1`;
    expect(revisions[0].action).toBe('import');
  });

  it('an item changed after its row was checked is left out with on_error=skip, and refuses with all', async () => {
    const db = await getDb();
    const ids: number[] = [];
    for (const title of ['稍后改', '照常'])
      ids.push(await createNews(admin, { class_id: classId, title, price: 1, code: title }));
    const bytes = await xlsxOf([
      ['ID', '标题', '价格'],
      [ids[0], '稍后改', 2],
      [ids[1], '照常', 3],
    ]);
    // Once every row is checked (the last progress before the commit's transaction), the first item
    // is edited: it is no longer the version its row was checked against.
    const run = (onError: 'skip' | 'all') => {
      let edited = false;
      return importNews({
        classId,
        fileName: `期间修改-${onError}.xlsx`,
        bytes,
        mode: 'commit',
        onError,
        key: 'id',
        allowRepeat: true,
        isConfirmed: false,
        actor: { id: 0, name: '测试' },
        progress: ({ phase, done, total }) => {
          if (phase !== 'check' || total === 0 || done < total || edited) return;
          edited = true;
          // The check phase awaits this: the edit is done before the commit's transaction begins.
          return db.$executeRaw`UPDATE news SET intro = ${`改于 ${onError}`} WHERE id = ${ids[0]}`.then(
            () => {},
          );
        },
      });
    };
    const late = `ID 为 ${ids[0]} 的内容在导入期间被修改、移动或删除，请重新导入`;
    await expect(run('all')).rejects.toMatchObject({ message: `第 2 行：${late}；未导入任何内容` });
    const { answer, badRows } = await run('skip');
    expect(answer).toMatchObject({ updated: 1, skipped: 1, valid: 1 });
    expect(answer.errors).toEqual([{ row: 2, column: 'ID', cell: 'A2', field: 'id', message: late }]);
    expect(badRows.rows).toEqual([{ row: 2, cells: [ids[0], '稍后改', 2], message: late }]);
    const rows = await db.news.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => (row.fields as { price: number }).price)).toEqual([1, 3]);
  });
});

describe('rights and 敏感词', () => {
  it('refuses a category outside the caller rights (403) and a caller without news_content, writing nothing', async () => {
    const classA = await createClass(admin, { name: '有权限' });
    const classB = await createClass(admin, { name: '无权限' });
    const user = await createUser({ roles: ['news_content'] });
    const db = await getDb();
    await db.adminUser.update({ where: { id: user.id }, data: { classIds: [classA] } });
    const editor = await loginAs(user);
    const bytes = await xlsxOf([['标题'], ['权限']]);
    const { token: noRole } = await signedIn({ roles: ['system_set'] });
    const before = await counts();
    const refused = await importFile(editor, { bytes, fields: { class_id: classB, mode: 'commit' } });
    expect([refused.status, refused.body.message]).toEqual([403, '没有该栏目的权限']);
    expect((await importFile(noRole, { bytes, fields: { class_id: classA, mode: 'commit' } })).status).toBe(
      403,
    );
    expect(await counts()).toEqual(before);
    const allowed = await importFile(editor, { bytes, fields: { class_id: classA, mode: 'commit' } });
    expect(allowed.body.data.created).toBe(1);
  });

  it('a block word is a row error; a warn word too unless sensitive_confirmed: 1; replace words are replaced', async () => {
    const { token: setter } = await signedIn({ roles: ['system_set'] });
    await addWord(setter, { word: '禁词', level: 'block' });
    await addWord(setter, { word: '提醒词', level: 'warn' });
    await addWord(setter, { word: '替换词', level: 'replace', replacement: '**' });
    forgetWordList();
    const classId = await createClass(admin, { name: '敏感词导入' });
    const bytes = await xlsxOf([['标题'], ['含禁词'], ['含提醒词'], ['含替换词']]);
    const dry = await importFile(admin, { bytes, fields: { class_id: classId, mode: 'dry_run' } });
    expect(dry.body.data.errors.map((error) => [error.row, error.column, error.message])).toEqual([
      [2, '标题', '内容包含禁止使用的词语：禁词'],
      [3, '标题', expect.stringContaining('内容包含需确认的词语：提醒词')],
    ]);
    const confirmed = await importFile(admin, {
      bytes,
      fields: { class_id: classId, mode: 'commit', on_error: 'skip', sensitive_confirmed: 1 },
    });
    expect(confirmed.body.data).toMatchObject({ created: 2, skipped: 1 });
    expect((await itemsOf(classId)).map((item) => item.title)).toEqual(['含提醒词', '含**']);
    const db = await getDb();
    await db.$executeRaw`DELETE FROM sensitive_word`;
    await db.$executeRaw`UPDATE sensitive_word_version SET version = version + 1`;
    forgetWordList();
  });
});
