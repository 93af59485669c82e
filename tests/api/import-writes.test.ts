import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { settleImports } from '@/lib/news/import/import-jobs';
import { REVISION_COLUMNS } from '@/lib/revisions/record-revision';
import { forgetWordList } from '@/lib/sensitive/word-list';
import { field } from '../helpers/categories';
import {
  categoryRevisions,
  categoryRevisionTexts,
  importCategory,
  importDone,
  xlsxOf,
} from '../helpers/import';
import { addWord } from '../helpers/sensitive';
import { signedIn } from '../helpers/users';

// import_news's write phase (lib/news/import/write-plans.ts) writes a commit's creates set-based:
// 500 rows a statement, their revisions and texts worked out in the statement (not one
// cms_news_revision_row call per item). A 2,000-row import must leave exactly what one write per item
// leaves: the rows in file order with their running numbers, one `import` revision each equal to
// what cms_news_revision_row answers for the item (checked by calling it, in a transaction rolled
// back), the texts by md5, a 操作日志 entry per item and one for the import, the 敏感词 words of
// the items that hold one, and the category's counters.

afterAll(() => settleImports());

const ROWS = 2000;
const OPTIONS = [
  { label: '新闻', value: 'news' },
  { label: '公告', value: 'notice' },
];

const FIELDS = [
  field({ key: 'f_author', title: '作者', type: 'string' }),
  field({ key: 'f_count', title: '数量', type: 'int' }),
  field({ key: 'f_kind', title: '类别', type: 'select', options: OPTIONS }),
  field({ key: 'f_tags', title: '标签', type: 'mult_select', options: OPTIONS }),
  field({ key: 'f_no', title: '编号', type: 'auto' }),
];

let admin: string;
let adminId: number;
let adminName: string;
let classId: number;

beforeAll(async () => {
  const signed = await signedIn({ roles: ['news_content', 'class_manage', 'system_set'], name: '导入者' });
  admin = signed.token;
  adminId = signed.user.id;
  adminName = signed.user.name;
  await addWord(admin, { word: '提醒词', level: 'warn' });
  forgetWordList();
  classId = await importCategory(admin, {
    name: '批量写入',
    base: { intro: '简介', content: '正文' },
    list: FIELDS,
  });
});

/** Row i (0-based) of the file: every 97th holds a warn word (confirmed), every 10th no 作者. */
const rowOf = (i: number) => [
  i % 97 === 0 ? `第 ${i} 条 含提醒词` : `第 ${i} 条`,
  `简介 ${i}`,
  `<p>正文 ${i}</p>`,
  i % 10 === 0 ? '' : `作者${i % 7}`,
  i,
  i % 2 === 0 ? '新闻' : '公告',
  i % 3 === 0 ? '新闻、公告' : '公告',
];

it(`a ${ROWS.toLocaleString('en')}-row commit writes the rows, revisions, texts, log entries, words and counters one write per item would`, async () => {
  const db = await getDb();
  const [{ max: logMax }] = await db.$queryRaw<
    { max: number }[]
  >`SELECT COALESCE(max(id), 0)::int AS max FROM audit_log`;
  const bytes = await xlsxOf([
    ['标题', '简介', '正文', '作者', '数量', '类别', '标签'],
    ...Array.from({ length: ROWS }, (_, i) => rowOf(i)),
  ]);
  const result = await importDone(admin, {
    bytes,
    filename: '批量.xlsx',
    fields: { class_id: classId, mode: 'commit', sensitive_confirmed: 1 },
  });
  expect(result).toMatchObject({ total: ROWS, created: ROWS, updated: 0, skipped: 0, errors_total: 0 });

  // The rows: in file order, ids ascending, running numbers from 1, values as each row says.
  const items = await db.$queryRaw<
    { id: number; title: string; intro: string; content: string; fields: Record<string, unknown> }[]
  >`SELECT id, title, intro, content, fields FROM news WHERE class_id = ${classId} ORDER BY id`;
  expect(items).toHaveLength(ROWS);
  items.forEach((item, i) => {
    const row = rowOf(i);
    expect(item).toMatchObject({ title: row[0], intro: row[1], content: row[2] });
    expect(item.fields).toEqual({
      f_author: row[3] || null,
      f_count: i,
      f_kind: i % 2 === 0 ? 'news' : 'notice',
      f_tags: i % 3 === 0 ? ['news', 'notice'] : ['notice'],
      f_no: i + 1,
    });
  });
  const ids = items.map((item) => item.id);

  // One revision per item: rev 1, action import, by the caller, the row's columns as stored.
  const columnsSql = Prisma.raw(
    `jsonb_build_object(${REVISION_COLUMNS.map((key) => `'${key}', n.${key}`).join(', ')})`,
  );
  const revisions = await categoryRevisions(classId);
  expect(revisions.map((revision) => revision.news_id)).toEqual(ids);
  for (const revision of revisions)
    expect(revision).toMatchObject({
      rev: 1,
      action: 'import',
      user_id: adminId,
      user_name: adminName,
      class_id: classId,
      same_columns: true,
    });
  const compared = REVISION_COLUMNS.filter((key) => key !== 'created_at' && key !== 'updated_at');
  expect(revisions[0].changed).toEqual([
    ...compared,
    'content',
    'f_author',
    'f_count',
    'f_kind',
    'f_no',
    'f_tags',
  ]);

  // Each equal to what cms_news_revision_row (one call per item, the path of every other write) answers
  // for the item without a revision, and the same texts stored: asked in a transaction rolled back.
  // None: a first revision's content and fields are the item's own until a change replaces them
  // (then a trigger stores them, migration 20261207000000_lazy_revision_texts).
  const texts = () => categoryRevisionTexts(classId);
  const stored = await texts();
  expect(stored).toEqual([]);
  const rollback = new Error('rollback');
  let perItem: {
    news_id: number;
    rev: number;
    changed: string[];
    content_hash: string;
    fields_hash: string;
    same_columns: boolean;
  }[] = [];
  let perItemTexts: typeof stored = [];
  await db
    .$transaction(async (tx) => {
      await tx.$executeRaw`DELETE FROM news_revision WHERE news_id = ANY(${ids}::int[])`;
      await tx.$executeRaw`DELETE FROM news_revision_text WHERE news_id = ANY(${ids}::int[])`;
      perItem = await tx.$queryRaw(Prisma.sql`
        SELECT n.id AS news_id, r.row_rev AS rev, r.row_changed AS changed, r.row_content_hash AS content_hash,
          r.row_fields_hash AS fields_hash, r.row_columns = ${columnsSql} AS same_columns FROM news n
        CROSS JOIN LATERAL cms_news_revision_row(n, 'import', ${adminId}::int, ${adminName}, 'system', 50) AS r
        WHERE n.class_id = ${classId} ORDER BY n.id`);
      perItemTexts = await tx.$queryRaw`
        SELECT t.news_id, t.hash, t.body FROM news_revision_text t JOIN news n ON n.id = t.news_id
        WHERE n.class_id = ${classId} ORDER BY t.news_id, t.hash`;
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  expect(perItem).toHaveLength(ROWS);
  expect(
    revisions.map(({ news_id, rev, changed, content_hash, fields_hash }) => ({
      news_id,
      rev,
      changed,
      content_hash,
      fields_hash,
      same_columns: true,
    })),
  ).toEqual(perItem);
  expect(stored).toEqual(perItemTexts);
  expect(await texts()).toEqual(stored);

  // 操作日志: an entry per item in the rows' order, then the import's own.
  const entries = await db.$queryRaw<
    {
      action: string;
      target_type: string;
      target_id: number;
      user_id: number;
      detail: Record<string, unknown>;
    }[]
  >`SELECT action, target_type, target_id, user_id, detail FROM audit_log WHERE id > ${logMax} ORDER BY id`;
  expect(entries).toHaveLength(ROWS + 1);
  entries.slice(0, ROWS).forEach((entry, i) => {
    expect(entry).toEqual({
      action: 'create',
      target_type: 'news',
      target_id: ids[i],
      user_id: adminId,
      detail: {
        name: rowOf(i)[0],
        import: true,
        values: { class_id: classId, class_name: '批量写入' },
        ...(i % 97 === 0 ? { sensitive_confirmed: ['提醒词'] } : {}),
      },
    });
  });
  expect(entries[ROWS]).toMatchObject({
    action: 'import',
    target_type: 'class',
    target_id: classId,
    detail: { file: '批量.xlsx', values: { rows: ROWS, created: ROWS, updated: 0, skipped: 0 } },
  });

  // The 敏感词 words of the items that hold one, and the category counted as checked (it was empty).
  const hits = await db.$queryRaw<{ news_id: number; class_id: number; words: unknown }[]>`
    SELECT news_id, class_id, words FROM news_sensitive_hit WHERE news_id = ANY(${ids}::int[]) ORDER BY news_id`;
  expect(hits).toEqual(
    ids
      .filter((_, i) => i % 97 === 0)
      .map((id) => ({ news_id: id, class_id: classId, words: [{ word: '提醒词', level: 'warn' }] })),
  );
  const [checked] = await db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM news_class_sensitive WHERE class_id = ${classId}`;
  expect(checked.count).toBe(1);

  // The category's counters (kept by news' statement triggers): the list's total and the 首页's.
  const [counters] = await db.$queryRaw<{ total: number; hours: number; steps: number }[]>`
    SELECT (SELECT total FROM news_class_stat WHERE class_id = ${classId}) AS total,
      (SELECT sum(items)::int FROM news_class_hour WHERE class_id = ${classId}) AS hours,
      (SELECT sum(items)::int FROM news_class_step WHERE class_id = ${classId} AND process = 0) AS steps`;
  expect(counters).toEqual({ total: ROWS, hours: ROWS, steps: ROWS });
});
