import { PassThrough } from 'node:stream';
import { deflateRawSync, createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { GET as exportRoute } from '@/app/api/v1/manage/news_manage/export_news/route';
import { GET as listRoute } from '@/app/api/v1/manage/news_manage/get_news_list/route';
import { getDb } from '@/lib/db/client';
import { importStatus as jobStatus, settleImports } from '@/lib/news/import/import-jobs';
import { call } from '../helpers/api';
import { createClass, field } from '../helpers/categories';
import {
  importCategory,
  importErrors,
  importDone,
  importFile,
  importStatus,
  importTemplate,
  sheetRows,
  waitForImport,
  xlsxOf,
} from '../helpers/import';
import { createNews } from '../helpers/news';
import { encodeGb18030 } from '../helpers/sensitive';
import { signedIn } from '../helpers/users';

// import_news's files (issue 23): encodings, formulas, every refused file, the template, the error
// rows, the export → edit → import round trip, a large import as a job and the list during it.

afterAll(() => settleImports());

let token: string;
let user: { id: number };
let classId: number;
beforeAll(async () => {
  ({ token, user } = await signedIn({ roles: ['news_content', 'class_manage'] }));
  classId = await importCategory(token, {
    name: '文件导入',
    base: { intro: '摘要', content: '正文' },
    list: [
      field({ key: 'price', title: '价格', type: 'float' }),
      field({
        key: 'status',
        title: '状态',
        type: 'select',
        options: [
          { label: '已发布', value: 'pub' },
          { label: '草稿', value: 'draft' },
        ],
      }),
      field({ key: 'at', title: '时间', type: 'datetime' }),
    ],
  });
});

const titlesOf = async (id: number) => {
  const db = await getDb();
  const rows = await db.$queryRaw<
    { title: string }[]
  >`SELECT title FROM news WHERE class_id = ${id} ORDER BY id`;
  return rows.map((row) => row.title);
};

const newClass = (name: string) =>
  createClass(token, {
    name,
    content_fileds: { list: [field({ key: 'price', title: '价格', type: 'float' })] },
  });

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('CSV encodings and formulas', () => {
  it('reads UTF-8 with and without a BOM and GB18030, numbering rows as Excel does (a quoted cell over two lines is one row)', async () => {
    const text = '标题,价格\n"两行\n标题",1\n中文标题,x\n';
    for (const [name, bytes] of [
      ['bom', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)])],
      ['plain', utf8(text)],
      ['gb', encodeGb18030(text)],
    ] as const) {
      const target = await newClass(`CSV-${name}`);
      const result = await importFile(token, {
        bytes,
        filename: `${name}.csv`,
        fields: { class_id: target, mode: 'commit', on_error: 'skip' },
      });
      expect(result.body.data.errors).toEqual([
        { row: 3, column: '价格', cell: 'B3', field: 'price', message: '价格必须是数字' },
      ]);
      expect(await titlesOf(target)).toEqual(['两行\n标题']);
    }
  });

  it('reads a long CSV in order, numbering rows as Excel does past blank lines', async () => {
    const lines = ['标题,价格'];
    for (let line = 2; line <= 400; line += 1)
      lines.push(line === 100 ? '' : `第${line}行,${line === 250 ? '不是数字' : line}`);
    const target = await newClass('CSV-长');
    const result = await importFile(token, {
      bytes: utf8(`${lines.join('\r\n')}\r\n`),
      filename: '长.csv',
      fields: { class_id: target, mode: 'commit', on_error: 'skip' },
    });
    expect(result.body.data.errors).toEqual([
      { row: 250, column: '价格', cell: 'B250', field: 'price', message: '价格必须是数字' },
    ]);
    expect(result.body.data.total).toBe(398);
    const expected = lines.slice(1).filter((line) => line && !line.includes('不是数字'));
    expect(await titlesOf(target)).toEqual(expected.map((line) => line.split(',')[0]));
  });

  it('keeps every character of a large sheet whole, wherever the inflated text is cut', async () => {
    const target = await createClass(token, {
      name: '长表',
      content_fileds: {
        list: [
          field({
            key: 'tags',
            title: '标签',
            type: 'mult_select',
            options: [
              { label: '公告', value: 'a' },
              { label: '活动', value: 'b' },
            ],
          }),
        ],
      },
    });
    // Written as exceljs's streaming writer writes (inline strings), rows like the bench's.
    const chunks: Buffer[] = [];
    const output = new PassThrough();
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
    const sheet = writer.addWorksheet('内容');
    sheet.addRow(['标题', '简介', '标签']).commit();
    for (let index = 0; index < 6000; index += 1)
      sheet
        .addRow([
          `导入标题 a 第 ${index} 条：关于某项工作的通知`,
          `这是第 ${index} 条内容的简介，说明这条内容讲了什么。`,
          ['公告、活动', '活动、公告'][index % 2],
        ])
        .commit();
    sheet.commit();
    await writer.commit();
    const bytes = Buffer.concat(chunks);
    const result = await importDone(token, { bytes, fields: { class_id: target, mode: 'dry_run' } });
    expect(result).toMatchObject({ total: 6000, valid: 6000, errors: [] });
    expect(result.preview[19]).toMatchObject({
      title: '导入标题 a 第 19 条：关于某项工作的通知',
      tags: ['b', 'a'],
    });
  });

  it('takes a formula cell as its cached result, never evaluating it', async () => {
    const target = await newClass('公式');
    const bytes = await xlsxOf([['标题', '价格']], (sheet) => {
      sheet.getCell('A2').value = {
        formula: 'CONCAT("公式","标题")',
        result: '公式标题',
      } as ExcelJS.CellValue;
      // The cached result is not what the formula would give: the file's value is taken.
      sheet.getCell('B2').value = { formula: '1+1', result: 42 } as ExcelJS.CellValue;
    });
    const result = await importFile(token, { bytes, fields: { class_id: target, mode: 'commit' } });
    expect(result.body.data.created).toBe(1);
    const db = await getDb();
    const [row] = await db.$queryRaw<{ title: string; fields: { price: number } }[]>`
      SELECT title, fields FROM news WHERE class_id = ${target}`;
    expect([row.title, row.fields.price]).toEqual(['公式标题', 42]);
  });
});

/** A zip of these parts; `declared` overrides a part's size in its headers (a lying directory). */
const zipOf = (parts: { name: string; data: Buffer; size: number; method?: number; declared?: number }[]) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const size = part.declared ?? part.size;
    const method = part.method ?? 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += 30 + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

/** `megabytes` of zeros deflated without holding them (a part that inflates past the limit). */
const deflatedZeros = (megabytes: number) =>
  new Promise<Buffer>((resolve) => {
    const deflate = createDeflateRaw({ level: 9 });
    const chunks: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
    deflate.on('end', () => resolve(Buffer.concat(chunks)));
    const zeros = Buffer.alloc(1024 * 1024);
    let left = megabytes;
    const write = () => {
      while (left > 0) {
        left -= 1;
        if (!deflate.write(zeros)) return void deflate.once('drain', write);
      }
      deflate.end();
    };
    write();
  });

describe('refused files', () => {
  const refusal = async (bytes: Uint8Array, filename: string) => {
    const before = await titlesOf(classId);
    const result = await importFile(token, {
      bytes,
      filename,
      fields: { class_id: classId, mode: 'commit' },
    });
    expect(await titlesOf(classId)).toEqual(before);
    return [result.status, result.body.message];
  };

  it('refuses broken, encrypted, .xls, renamed and zip-bomb files with a clear message', async () => {
    const good = await xlsxOf([['标题'], ['好']]);
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
    ]);
    const encrypted = Buffer.concat([ole, Buffer.from('EncryptedPackage', 'utf16le'), Buffer.alloc(64)]);
    const corrupted = Buffer.from(good);
    corrupted.fill(0x55, 200, 600);
    const text = Buffer.from('<x/>');
    const notXlsx = zipOf([{ name: 'word/document.xml', data: deflateRawSync(text), size: text.length }]);
    const big = await deflatedZeros(401);
    const bomb = zipOf([
      { name: 'xl/workbook.xml', data: deflateRawSync(text), size: text.length },
      { name: 'xl/worksheets/sheet1.xml', data: big, size: 401 * 1024 * 1024 },
    ]);
    const liar = zipOf([
      { name: 'xl/workbook.xml', data: deflateRawSync(text), size: text.length },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: await deflatedZeros(8),
        size: 8 * 1024 * 1024,
        declared: 1000,
      },
    ]);
    expect(await refusal(good.subarray(0, good.length - 30), '截断.xlsx')).toEqual([
      400,
      '文件已损坏，无法读取，请在 Excel 中打开并另存为 .xlsx 后再导入',
    ]);
    expect(await refusal(corrupted, '损坏.xlsx')).toEqual([
      400,
      '文件已损坏，无法读取，请在 Excel 中打开并另存为 .xlsx 后再导入',
    ]);
    expect(await refusal(encrypted, '加密.xlsx')).toEqual([
      400,
      '文件设置了打开密码，请在 Excel 中取消密码后再导入',
    ]);
    expect(await refusal(ole, '旧格式.xlsx')).toEqual([
      400,
      '不支持 .xls（Excel 97-2003）文件，请在 Excel 中另存为 .xlsx 后再导入',
    ]);
    expect(await refusal(ole, '旧格式.xls')).toEqual([
      400,
      '不支持 .xls（Excel 97-2003）文件，请在 Excel 中另存为 .xlsx 后再导入',
    ]);
    const renamed = '文件内容不是 .xlsx（可能是改了扩展名的其他文件），请在 Excel 中另存为 .xlsx 后再导入';
    expect(await refusal(Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'), '图片.xlsx')).toEqual([
      400,
      renamed,
    ]);
    expect(await refusal(notXlsx, '文档.xlsx')).toEqual([400, renamed]);
    expect(await refusal(bomb, '炸弹.xlsx')).toEqual([400, '文件解压后过大（超过 400 MB），不能导入']);
    expect(await refusal(liar, '谎报.xlsx')).toEqual([400, '文件解压后过大（超过 400 MB），不能导入']);
    expect(await refusal(good, '表格.txt')).toEqual([400, '只能导入 .xlsx 或 .csv 文件']);
  });

  it('refuses an empty sheet, no header row, a repeated header, a header without rows, too many rows and too many bytes', async () => {
    expect(await refusal(await xlsxOf([]), '空.xlsx')).toEqual([400, '表格是空的：第一个工作表没有任何内容']);
    expect(await refusal(utf8('\n\n'), '空.csv')).toEqual([400, '表格是空的：第一个工作表没有任何内容']);
    const noHeader = await xlsxOf([], (sheet) => {
      sheet.getCell('A3').value = '没有表头';
    });
    expect(await refusal(noHeader, '无表头.xlsx')).toEqual([
      400,
      '第 1 行没有表头：请在第 1 行写上列名（如 标题、简介）',
    ]);
    expect(
      await refusal(
        await xlsxOf([
          ['标题', '价格', '标题'],
          ['a', 1, 'b'],
        ]),
        '重复.xlsx',
      ),
    ).toEqual([400, '表头「标题」重复（第 A 列和第 C 列），请改为不同的列名']);
    expect(await refusal(await xlsxOf([['标题']]), '只有表头.xlsx')).toEqual([
      400,
      '表格只有表头，没有要导入的数据行',
    ]);
    expect(await refusal(utf8(`标题\n${'行\n'.repeat(50_001)}`), '太多.csv')).toEqual([
      400,
      '一次最多导入 50,000 行，请拆分文件后分批导入',
    ]);
    const huge = Buffer.alloc(20 * 1024 * 1024 + 1, 0x61);
    expect(await refusal(huge, '太大.csv')).toEqual([413, '文件不能超过 20 MB']);
  });
});

describe('template and error rows', () => {
  it('get_import_template: the base fields as the category names them and its fields, with a 说明 sheet', async () => {
    const response = await importTemplate(token, classId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(
      encodeURIComponent('文件导入-导入模板.xlsx'),
    );
    const bytes = await response.arrayBuffer();
    expect((await sheetRows(bytes))[0]).toEqual(['标题', '摘要', '正文', '价格', '状态', '时间']);
    const help = await sheetRows(bytes, 1);
    expect(help[0]).toEqual(['列名', '字段标识', '类型', '必填', '可填写的值']);
    expect(help.find((row) => row[0] === '状态')).toEqual([
      '状态',
      'status',
      '单选',
      '否',
      '选项名称或值：已发布、草稿',
    ]);
    expect(help.find((row) => row[0] === '标题')?.[3]).toBe('是');
    // The template itself imports (its header maps every column automatically).
    const target = await createClass(token, { name: '模板栏目' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await (await importTemplate(token, target)).arrayBuffer()) as never);
    workbook.worksheets[0].addRow(['模板行', '简介', '<p>内容</p>']);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const result = await importFile(token, { bytes: filled, fields: { class_id: target, mode: 'commit' } });
    expect(result.body.data).toMatchObject({
      created: 1,
      mapping: { 标题: 'title', 简介: 'intro', 内容: 'content' },
    });
  });

  it('export_import_errors: the bad rows with a 错误 column, which import once fixed', async () => {
    const target = await newClass('错误行');
    const bytes = await xlsxOf([
      ['标题', '价格'],
      ['好', 1],
      ['坏', '很贵'],
      ['', 2],
    ]);
    const dry = await importFile(token, { bytes, fields: { class_id: target, mode: 'dry_run' } });
    expect(dry.body.data.skipped).toBe(2);
    const response = await importErrors(token, dry.body.data.job);
    expect(response.status).toBe(200);
    const rows = await sheetRows(await response.arrayBuffer());
    expect(rows).toEqual([
      ['标题', '价格', '错误'],
      ['坏', '很贵', '第 3 行：价格：价格必须是数字'],
      [undefined, 2, expect.stringMatching(/^第 4 行：标题：/)],
    ]);
    // Fixed in the file that came back, it imports.
    const fixed = await xlsxOf([
      ['标题', '价格'],
      ['坏（改）', 3],
      ['补上标题', 2],
    ]);
    const again = await importFile(token, { bytes: fixed, fields: { class_id: target, mode: 'commit' } });
    expect(again.body.data.created).toBe(2);
    // Another user does not see the job.
    const { token: other } = await signedIn({ roles: ['news_content'] });
    expect((await importErrors(other, dry.body.data.job)).status).toBe(404);
    expect((await importStatus(other, dry.body.data.job)).status).toBe(404);
  });
});

describe('round trip and large imports', () => {
  it('export → edit in Excel → import with key=id changes exactly the edited cells', async () => {
    const at = new Date(2026, 0, 2, 9, 30, 17).getTime() / 1000;
    const ids: number[] = [];
    for (const [index, title] of ['一号', '二号', '三号'].entries())
      ids.push(
        await createNews(token, {
          class_id: classId,
          title,
          intro: `摘要${index}`,
          content: `<p>正文<b>${index}</b></p>`,
          price: index + 0.5,
          status: 'pub',
          at: at + index,
          new_time: 1_760_000_000 + index,
        }),
      );
    const db = await getDb();
    const state = () =>
      db.$queryRaw<Record<string, unknown>[]>`
        SELECT id, title, intro, content, fields, new_time, is_lock FROM news WHERE id = ANY(${ids}::int[]) ORDER BY id`;
    const before = await state();
    const exported = await exportRoute(
      new Request(`http://127.0.0.1/api/v1/manage/news_manage/export_news?class_id=${classId}`, {
        headers: { 'x-token': token },
      }),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await exported.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['标题', '摘要', '正文', '价格', '状态', '时间', 'ID']);
    const rowOf = (id: number) => {
      for (let index = 2; index <= sheet.rowCount; index += 1)
        if (Number(sheet.getRow(index).getCell(7).value) === id) return sheet.getRow(index);
      throw new Error(`no row for ${id}`);
    };
    rowOf(ids[0]).getCell(4).value = 99; // 价格
    rowOf(ids[1]).getCell(5).value = '草稿'; // 状态
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());
    const [{ revisions }] = await db.$queryRaw<{ revisions: number }[]>`
      SELECT count(*)::int AS revisions FROM news_revision WHERE news_id = ANY(${ids}::int[])`;

    const result = await importFile(token, {
      bytes: edited,
      filename: '导出.xlsx',
      fields: { class_id: classId, mode: 'commit', key: 'id' },
    });
    expect(result.body.data).toMatchObject({ created: 0, updated: 2, unchanged: 1, skipped: 0 });
    const after = await state();
    expect(after[0]).toEqual({ ...before[0], fields: { ...(before[0].fields as object), price: 99 } });
    expect(after[1]).toEqual({ ...before[1], fields: { ...(before[1].fields as object), status: 'draft' } });
    expect(after[2]).toEqual(before[2]);
    const [{ revisions: now }] = await db.$queryRaw<{ revisions: number }[]>`
      SELECT count(*)::int AS revisions FROM news_revision WHERE news_id = ANY(${ids}::int[])`;
    expect(now).toBe(revisions + 2);
  });

  it('a large import runs as a job with progress; 50 list calls during its commit all answer', async () => {
    const target = await newClass('大量导入');
    const ROWS = 3000;
    const rows: unknown[][] = [['标题', '价格']];
    for (let index = 0; index < ROWS; index += 1) rows.push([`批量${index}`, index]);
    const bytes = await xlsxOf(rows);
    const started = await importFile(token, {
      bytes,
      fields: { class_id: target, mode: 'commit', background: 1 },
    });
    expect(started.body.data).toMatchObject({ state: 'running' });
    const { job } = started.body.data;
    // The job table is read in-process here (get_import_status needs the session's row, which on
    // PGlite waits for the commit's transaction): once the import writes, 50 list calls at once.
    const phases: string[] = [];
    for (;;) {
      const { phase, state } = jobStatus({ id: job, userId: user.id });
      phases.push(phase);
      if (phase === 'write' || state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(phases.at(-1)).toBe('write');
    expect(phases).toContain('check');
    const lists = await Promise.all(
      Array.from(
        { length: 50 },
        async () =>
          (await call(listRoute, { token, query: { class_id: String(target), page: '1', limit: '10' } }))
            .status,
      ),
    );
    expect(lists).toEqual(Array(50).fill(200));
    const finished = (await waitForImport(token, job)).body.data;
    expect(finished).toMatchObject({ state: 'done', done: ROWS, total: ROWS });
    expect(finished.result).toMatchObject({ committed: true, created: ROWS });
    const list = await call<{ total: number }>(listRoute, { token, query: { class_id: String(target) } });
    expect(list.body.data.total).toBe(ROWS);
  });
});
