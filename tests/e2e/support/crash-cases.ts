import { expect } from '@playwright/test';
import { blankFieldDefinition as field } from '@/lib/fields/definition';
import type { RunningServer } from './crash-server';
import type { Sql } from './crash-db';

// The three operations a crash test interrupts and what must hold after a restart.

const BASE_SET = Object.fromEntries(
  ['title', 'short_title', 'intro', 'content'].map((key) => [
    key,
    { name: key, showlist: true, isshow: true },
  ]),
);

const category = (name: string, key: string, list: ReturnType<typeof field>[]) => ({
  name,
  key,
  class_type: '0',
  content_fileds: { list, base_set: BASE_SET },
});

const SAVES_FIELDS = [
  field({ key: 's', title: '文字', type: 'string' }),
  field({ key: 'n', title: '数字', type: 'int' }),
  field({ key: 'h', title: '富文本', type: 'html_editor' }),
  field({ key: 'rows', title: '明细', type: 'child_info', child_info: [field({ key: 'c', title: '列' })] }),
];
export const RETYPE_BEFORE = category('改类型', 'crash_retype', [field({ key: 'num', title: '编号' })]);
const RETYPE_AFTER = category('改类型', 'crash_retype', [field({ key: 'num', title: '编号', type: 'int' })]);

export type Categories = { saves: number; batch: number; retype: number; existing: number[] };

/** Every column of a save carries its tag, so a half-written item cannot match. */
const saveBody = (tag: number) => ({
  title: `保存-${tag}`,
  short_title: `副-${tag}`,
  intro: `简介-${tag}`,
  content: `<p>正文-${tag}</p>`,
  s: `s-${tag}`,
  n: tag,
  h: `<p>h-${tag}</p>`,
  rows: [{ c: `c-${tag}-1` }, { c: `c-${tag}-2` }],
});

const expectOk = (answer: { code: number; message?: string }, what: string) =>
  expect(answer.code, `${what}: ${answer.message}`).toBe(200);

/** The categories (through the API) and ten items to be updated during the burst. */
export const createCategories = async (server: RunningServer): Promise<Categories> => {
  const ids: number[] = [];
  for (const body of [
    category('保存', 'crash_saves', SAVES_FIELDS),
    category('批量删除', 'crash_batch', []),
    RETYPE_BEFORE,
  ]) {
    const answer = await server.post('class_manage/save_class', body);
    expectOk(answer, body.name);
    ids.push((answer.data as { id: number }).id);
  }
  const existing: number[] = [];
  for (let tag = 1; tag <= 10; tag += 1) {
    const answer = await server.post('news_manage/save_news_info', { class_id: ids[0], ...saveBody(tag) });
    expectOk(answer, `预置内容 ${tag}`);
    existing.push((answer.data as { id: number }).id);
  }
  return { saves: ids[0], batch: ids[1], retype: ids[2], existing };
};

type Save = { tag: number; id?: number; answered: boolean };

/**
 * 48 saves (38 new items, 10 updates of distinct items), 8 at a time; the server is killed the
 * moment the 24th is answered, so the rest are queued, running or committed but unanswered.
 */
export const burstOfSaves = async (server: RunningServer, ids: Categories) => {
  const saves: Save[] = Array.from({ length: 48 }, (_, i) =>
    i % 5 === 4 && ids.existing[(i - 4) / 5] !== undefined
      ? { tag: 2000 + i, id: ids.existing[(i - 4) / 5], answered: false }
      : { tag: 1000 + i, answered: false },
  );
  let answered = 0;
  let inFlight = 0;
  let inFlightAtKill = 0;
  let killing: Promise<void> | undefined;
  let next = 0;
  const worker = async () => {
    while (next < saves.length && !killing) {
      const save = saves[next++];
      const body = { class_id: ids.saves, ...(save.id ? { id: save.id } : {}), ...saveBody(save.tag) };
      inFlight += 1;
      const answer = await server.post('news_manage/save_news_info', body).catch(() => null);
      inFlight -= 1;
      if (!answer || killing) continue;
      expectOk(answer, `保存 ${save.tag}`);
      save.id ??= (answer.data as { id: number }).id;
      save.answered = true;
      if (++answered === 24) {
        inFlightAtKill = inFlight;
        killing = server.kill9();
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await killing;
  expect(killing, '服务器在保存中途被杀死').toBeDefined();
  expect(inFlightAtKill, '被杀死时仍有保存在途').toBeGreaterThan(0);
  return saves;
};

type ItemRow = {
  id: number;
  title: string;
  short_title: string;
  intro: string;
  content: string;
  fields: unknown;
};

/** No half item in the category, and every save answered 200 is there. */
export const checkSaves = async (sql: Sql, ids: Categories, saves: Save[]) => {
  const rows = await sql<ItemRow>(
    `SELECT id, title, short_title, intro, content, fields FROM news WHERE class_id = $1`,
    [ids.saves],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const row of rows) {
    const tag = Number(/^保存-(\d+)$/.exec(row.title)?.[1]);
    const body = saveBody(tag);
    expect({ ...row, fields: row.fields }, `内容 ${row.id} 完整`).toEqual({
      id: row.id,
      title: body.title,
      short_title: body.short_title,
      intro: body.intro,
      content: body.content,
      fields: { s: body.s, n: body.n, h: body.h, rows: body.rows },
    });
  }
  for (const save of saves.filter((one) => one.answered))
    expect(byId.get(save.id as number)?.title, `已回答的保存 ${save.tag}`).toBe(`保存-${save.tag}`);
  return rows.length;
};

/** Deletes the 1000 seeded items in one call; the probe holds it open at the 500th row. */
export const startBatchDelete = (server: RunningServer, batchIds: number[]) =>
  server.post('news_manage/del_news', { ids: batchIds }, 'DELETE').then(
    () => 'answered',
    () => 'unanswered',
  );

/** Retypes `num` from 单行文本 to 整数 on 3000 seeded items; the probe holds it at the 1500th row. */
export const startRetype = (server: RunningServer, ids: Categories) =>
  server.post('class_manage/save_class', { id: ids.retype, ...RETYPE_AFTER }).then(
    () => 'answered',
    () => 'unanswered',
  );

/** The batch is all there or all gone; the schema and the stored values agree; counters match rows. */
export const checkAtomicity = async (sql: Sql, ids: Categories) => {
  const [batch] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM news WHERE class_id = $1`, [
    ids.batch,
  ]);
  expect([0, 1000], '批量删除要么全删要么全不删').toContain(batch.n);
  // Deleted items wait in the 回收站: each item is in exactly one of the two places.
  const [binned] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM news_trash WHERE class_id = $1`, [
    ids.batch,
  ]);
  expect(binned.n, '删除的内容全部进入回收站').toBe(1000 - batch.n);

  const [retype] = await sql<{ type: string; kinds: string[]; n: number }>(
    `SELECT c.content_fileds -> 'list' -> 0 ->> 'type' AS type,
            array_agg(DISTINCT jsonb_typeof(n.fields -> 'num')) AS kinds, count(*)::int AS n
       FROM news_class c JOIN news n ON n.class_id = c.id WHERE c.id = $1 GROUP BY c.id`,
    [ids.retype],
  );
  expect(retype.n).toBe(3000);
  expect(retype, '栏目定义与已存的值一致').toEqual(
    retype.type === 'int'
      ? { type: 'int', kinds: ['number'], n: 3000 }
      : { type: 'string', kinds: ['string'], n: 3000 },
  );

  const stats = await sql<{ id: number; total: number; rows: number }>(
    `SELECT c.id, COALESCE(s.total, 0) AS total, (SELECT count(*)::int FROM news n WHERE n.class_id = c.id) AS rows
       FROM news_class c LEFT JOIN news_class_stat s ON s.class_id = c.id ORDER BY c.id`,
  );
  for (const stat of stats) expect(stat.total, `栏目 ${stat.id} 的计数`).toBe(stat.rows);
  return { batch: batch.n, retyped: retype.type === 'int' };
};
