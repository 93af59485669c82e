// The data of bench/soak.mjs: the seeded categories and items, the check after the run of every
// write the server acknowledged, and --inject-lost-writes, which first makes three acknowledged
// writes look lost (so that the check is seen to fail on them). Each works through `client`, a
// connection to the run's database: PostgreSQL, or the PGlite folder opened once the server exited.
import { field } from './harness.mjs';

export const CATEGORIES = 20;
export const WORDS = [
  '北京',
  '上海',
  '经济',
  '发展',
  '报告',
  '会议',
  '科技',
  '教育',
  '文化',
  '体育',
  '健康',
  '交通',
];
const SCHEMA = {
  list: [field('f', '编号'), field('source', '来源')],
  class: [],
  base_set: {
    title: { name: '标题', showlist: true, isshow: true },
    short_title: { name: '副标题', showlist: false, isshow: false },
    intro: { name: '简介', showlist: true, isshow: true },
    content: { name: '内容', showlist: false, isshow: true },
  },
  process: [],
};

// The seeded item number `g` (an SQL expression, 1-based) has this title, intro and field f; `w` is
// the WORDS array, from WORDS_FROM.
const WORDS_FROM = `(SELECT ARRAY[${WORDS.map((word) => `'${word}'`).join(',')}] AS w) words`;
const wordOf = (g, times) => `w[1 + (${g} * ${times}) % ${WORDS.length}]`;
const seededTitle = (g) => `${wordOf(g, 7)} || ${wordOf(g, 13)} || '第' || ${g} || '号'`;
const seededText = (g) => `'预置' || ${g}`;

/**
 * CATEGORIES categories and `items` items round-robin over them, in SQL (as bench/news-bench.mjs
 * fills). Item number g (1-based) has id minId + g - 1 and is in category (g % 20) + 1 of classIds.
 */
export const seed = async (client, items) => {
  const { rows } = await client.query(
    `INSERT INTO news_class (key, name, sort, class_type, content_fileds, updated_at)
     SELECT 'soak' || g, '耐久' || g, g, '0', $1::jsonb, now() FROM generate_series(1, ${CATEGORIES}) g RETURNING id`,
    [JSON.stringify(SCHEMA)],
  );
  const ids = rows.map((row) => row.id);
  for (let done = 0; done < items; done += 50_000) {
    const count = Math.min(50_000, items - done);
    await client.query(`
      INSERT INTO news (class_id, title, intro, new_time, fields, updated_at)
      SELECT (ARRAY[${ids.join(',')}])[1 + (g % ${CATEGORIES})::int], ${seededTitle('g')}, ${seededText('g')},
             now() - make_interval(secs => g),
             jsonb_build_object('f', ${seededText('g')}, 'source', ${wordOf('g', 17)} || '日报'), now()
      FROM generate_series(${done + 1}, ${done + count}) g, ${WORDS_FROM}`);
    process.stdout.write(`\r  seeded ${(done + count).toLocaleString()} / ${items.toLocaleString()}`);
  }
  await client.query('VACUUM ANALYZE news');
  const [range] = (await client.query('SELECT min(id) AS min, max(id) AS max FROM news')).rows;
  process.stdout.write('\n');
  return { classIds: ids, minId: Number(range.min), maxId: Number(range.max) };
};

/** Rows of `table` whose id is one of `ids`, asked 5,000 ids at a time. */
const rowsById = async (client, table, columns, ids) => {
  const found = [];
  for (let i = 0; i < ids.length; i += 5_000) {
    const { rows } = await client.query(`SELECT ${columns} FROM ${table} WHERE id = ANY($1::int[])`, [
      ids.slice(i, i + 5_000),
    ]);
    found.push(...rows);
  }
  return found;
};

/**
 * Checks every item the run wrote to against `items` (soak.mjs: per item its last acknowledged
 * title and category, whether a create, saves or a delete of it were acknowledged, and what calls
 * whose answer never came may have left instead), the categories' totals against their rows, and
 * items + 回收站 against the seeded ones plus the acknowledged creates. Answers one line per problem.
 */
export const verifyData = async ({ client, items, seeded, acknowledged }) => {
  const failures = [];
  const ids = [...items.keys()];
  const live = new Map();
  for (const row of await rowsById(client, 'news', `id, class_id, title, intro, fields->>'f' AS f`, ids))
    live.set(Number(row.id), row);
  const binned = new Set((await rowsById(client, 'news_trash', 'id', ids)).map((row) => Number(row.id)));
  for (const [id, state] of items) {
    const row = live.get(id);
    const mayBeDeleted = state.deleted || state.maybe.some((m) => m.deleted);
    if (state.deleted) {
      if (row || !binned.has(id))
        failures.push(`item ${id}: deleted (acknowledged) but ${row ? 'still listed' : 'not in the 回收站'}`);
      continue;
    }
    if (!row) {
      const what = state.created ? 'create' : state.saves ? 'save' : 'move';
      if (!(mayBeDeleted && binned.has(id)))
        failures.push(`item ${id}: acknowledged ${what}, missing (neither listed nor in the 回收站)`);
      continue;
    }
    const titles = [state.title, ...state.maybe.map((m) => m.title)].filter(Boolean);
    const classes = [state.classId, ...state.maybe.map((m) => m.classId)].filter(Boolean);
    if (titles.length && !titles.includes(row.title))
      failures.push(`item ${id}: title ${row.title}, acknowledged ${state.title}`);
    if (classes.length && !classes.includes(Number(row.class_id)))
      failures.push(`item ${id}: category ${row.class_id}, acknowledged ${state.classId}`);
    const n = /-(\d+)$/.exec(row.title)?.[1];
    if (n && (row.intro !== `seq-${n}` || row.f !== `seq-${n}`))
      failures.push(`item ${id}: half written (title ${row.title}, intro ${row.intro}, f ${row.f})`);
  }
  const { rows: counts } = await client.query(`
    SELECT c.id, coalesce(s.total, 0) AS total, (SELECT count(*) FROM news n WHERE n.class_id = c.id) AS rows
    FROM news_class c LEFT JOIN news_class_stat s ON s.class_id = c.id`);
  for (const row of counts) {
    if (Number(row.total) !== Number(row.rows))
      failures.push(`category ${row.id}: total ${row.total}, rows ${row.rows}`);
  }
  const [{ n: liveCount }] = (await client.query('SELECT count(*) AS n FROM news')).rows;
  const [{ n: binCount }] = (await client.query('SELECT count(*) AS n FROM news_trash')).rows;
  const all = Number(liveCount) + Number(binCount);
  const least = seeded + acknowledged.creates;
  if (all < least || all > least + acknowledged.unansweredCreates)
    failures.push(`items + 回收站 = ${all}, expected ${least}…${least + acknowledged.unansweredCreates}`);
  return { failures, checked: items.size, liveCount: Number(liveCount), binCount: Number(binCount) };
};

/**
 * --inject-lost-writes: with the server stopped, makes the data look as if three acknowledged
 * writes had been lost — a seeded item's acknowledged save set back to its seeded values, an
 * acknowledged create deleted outright, an acknowledged delete taken out of the 回收站 — each on an
 * item no unanswered call may have changed. Answers what it did, one line each, and a line for a
 * kind the run had no write of.
 */
export const injectLostWrites = async ({ client, items, facts }) => {
  const settled = [...items].filter(([, state]) => state.maybe.length === 0).sort(([a], [b]) => a - b);
  const saved = settled.find(([id, s]) => !s.deleted && !s.created && s.saves > 0 && id <= facts.maxId);
  const created = settled.find(([id, s]) => !s.deleted && s.created && id !== saved?.[0]);
  const deleted = settled.find(([, s]) => s.deleted);
  const done = [];
  const one = async (sql, values) => {
    const { rows } = await client.query(sql, values);
    if (rows.length !== 1) throw new Error(`--inject-lost-writes: ${rows.length} rows changed by ${sql}`);
    return rows[0];
  };
  if (saved) {
    const [id, state] = saved;
    const row = await one(
      `UPDATE news SET title = ${seededTitle('$2::int')}, intro = ${seededText('$2::int')},
         fields = jsonb_set(fields, '{f}', to_jsonb(${seededText('$2::int')}))
       FROM ${WORDS_FROM} WHERE id = $1 RETURNING title`,
      [id, id - facts.minId + 1],
    );
    done.push(`item ${id}: acknowledged save set back (title ${state.title} → ${row.title})`);
  } else done.push('no acknowledged save of a seeded item to set back');
  if (created) {
    await one('DELETE FROM news WHERE id = $1 RETURNING id', [created[0]]);
    done.push(`item ${created[0]}: acknowledged create deleted outright`);
  } else done.push('no acknowledged create to delete');
  if (deleted) {
    await one('DELETE FROM news_trash WHERE id = $1 RETURNING id', [deleted[0]]);
    done.push(`item ${deleted[0]}: acknowledged delete taken out of the 回收站`);
  } else done.push('no acknowledged delete to take out of the 回收站');
  return done;
};
