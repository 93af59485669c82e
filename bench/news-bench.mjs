// Content-list benchmark: fills a fresh database with N items over 50 categories, serves the
// built app on it, drives it over HTTP with 10 connections and prints req/s, p50, p99 and the
// server's CPU time per call for each case, next to the SQL's own execution time (EXPLAIN
// ANALYZE) and a bare node:http floor on PostgreSQL.
//
//   DATABASE_URL=postgresql://root@127.0.0.1:5432/test node bench/news-bench.mjs [--items 1000000] [--seconds 10] [--keep]
//   node bench/news-bench.mjs --pglite [--items 100000] …       the embedded database (PGLITE_DIR), no DATABASE_URL
//     --keep        leave the filled database (PostgreSQL) or data folder (--pglite) in place (its name is printed)
//     --db NAME     reuse a database (or, with --pglite, a data folder) kept by an earlier run instead of filling one
//     --only a,b    run only the cases whose names contain one of these words ('export': the export)
//     --big-share F the share of the items in the big category (default 0.2)
//     --sensitive-words N   before serving, set the 敏感词 deny list to N words (0: empty it) of level
//                   warn made of the fill's title characters, so every save runs the check for real;
//                   saves confirm warn words (sensitive_confirmed: 1, also without this option), and
//                   a case saving 2,000 characters of content is added. Compare runs with 0 and 20000.
//                   With N > 0 the home case also has every 20th item holding a word, all categories checked.
//   With items in the 回收站 (bench/bin-share.mjs on a kept database), the cases pick live items.
//   BENCH_NODE_OPTIONS passes flags to the server's node (e.g. --cpu-prof).
//   BENCH_PORT (3299) the app's port; BENCH_BARE_PORT (BENCH_PORT - 1) the bare node:http server's.
//   BENCH_SERVER=http://127.0.0.1:PORT runs the cases against a server already running there (on a
//     database this bench filled, found through the API; no fill, no SQL or bare columns, CPU only
//     with BENCH_SERVER_PID); BENCH_SERVER=<script> serves with that script instead of server/server.mjs.
//
// The server's RSS (VmRSS): idle once started and signed in (5 s after), then its highest during each
// case (sampled every 50 ms) and over all of them (also the kernel's VmHWM, reset after idle).
//
// Needs a production build (`npx next build`); builds one if missing. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  arg,
  assertPortFree,
  benchDatabase,
  field,
  httpClient,
  machine,
  median,
  ms,
  openDataClient,
  root,
  runningServer,
  startServer,
  stopGroup,
  stopServer,
} from './harness.mjs';

const PGLITE = process.argv.includes('--pglite');
const REMOTE = runningServer();
const MODE = REMOTE ? 'running server' : PGLITE ? 'pglite' : 'postgres';
const ITEMS = Number(arg('items', PGLITE ? 100_000 : 1_000_000));
const SECONDS = Number(arg('seconds', 10));
const REUSE = arg('db', null);
const KEEP = REUSE !== null || process.argv.includes('--keep');
const ONLY = arg('only', '').split(',').filter(Boolean);
const CONNECTIONS = 10;
const CATEGORIES = 50;
// Category 1 holds this share of the items (20 %: page 10,000 exists); `--big-share 0.8` with
// `--items 1250000` makes it a category of a million.
const BIG_SHARE = Number(arg('big-share', 0.2));
const SENSITIVE_WORDS = arg('sensitive-words', null) === null ? null : Number(arg('sensitive-words', 0));
const PORT = REMOTE ? Number(REMOTE.port || 80) : Number(process.env.BENCH_PORT || 3299);
const HOST = REMOTE ? REMOTE.hostname : '127.0.0.1';
const BARE_PORT = Number(process.env.BENCH_BARE_PORT || PORT - 1);
const PASSWORD = process.env.BENCH_PASSWORD || 'Bench-pass-123';

// PostgreSQL: a database on the server of DATABASE_URL. PGlite: a data folder in the temp folder.
const db = MODE === 'postgres' ? benchDatabase({ prefix: 'cms_bench', reuse: REUSE }) : null;
const dbName = db?.name;
const benchUrl = db?.url;
const pgliteDir =
  MODE === 'pglite'
    ? REUSE
      ? path.resolve(REUSE)
      : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cms-bench-pglite-')), 'pglite')
    : null;

/** The bench's own connection to the data: pg on PostgreSQL, PGlite opened on its folder. */
const openClient = () => openDataClient({ url: benchUrl, pgliteDir });

const startBare = async () => {
  await assertPortFree(BARE_PORT);
  const bare = spawn(process.execPath, [path.join(root, 'bench/bare-server.mjs')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: benchUrl, PORT: String(BARE_PORT) },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 40; i += 1) {
    try {
      await fetch(`http://127.0.0.1:${BARE_PORT}/`);
      return bare;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  process.kill(-bare.pid, 'SIGTERM');
  throw new Error('bare server did not start');
};

// ---------- the data ----------
const WORDS = [
  '北京',
  '上海',
  '广州',
  '深圳',
  '经济',
  '发展',
  '报告',
  '会议',
  '新闻',
  '科技',
  '创新',
  '教育',
  '文化',
  '体育',
  '健康',
  '医疗',
  '交通',
  '环境',
  '能源',
  '金融',
  '市场',
  '政策',
  '改革',
  '城市',
  '乡村',
  '农业',
  '工业',
  '旅游',
  '安全',
  '数据',
  '人才',
  '企业',
  '服务',
  '建设',
  '规划',
  '项目',
  '社区',
  '生态',
  '通知',
  '公告',
  '活动',
  '成果',
  '调研',
  '合作',
  '国际',
  '春季',
  '夏季',
  '秋季',
  '冬季',
  '年度',
];

const listSchema = {
  list: [
    field('source', '来源'),
    field('status', '状态', {
      type: 'select',
      options: [
        { label: '草稿', value: 'draft' },
        { label: '已发布', value: 'pub' },
      ],
    }),
    field('price', '价格', { type: 'float' }),
  ],
  class: [],
  base_set: {
    title: { name: '标题', showlist: true, isshow: true },
    short_title: { name: '副标题', showlist: false, isshow: false },
    intro: { name: '简介', showlist: false, isshow: true },
    content: { name: '内容', showlist: false, isshow: true },
  },
  process: [],
};

// The 首页's statement of counts (lib/home/find-home-overview.ts), for the SQL floor.
const HOME_STATS_SQL = `
  SELECT c.id, COALESCE(s.total, 0) AS total,
    (SELECT COALESCE(sum(h.items), 0)::int FROM news_class_hour h
      WHERE h.class_id = c.id AND h.hour >= date_trunc('hour', now() - interval '7 days', 'UTC')) AS changed,
    CASE WHEN c.class_type IN ('4', '5') THEN c.content_fileds -> 'process' END AS steps,
    CASE WHEN c.class_type IN ('4', '5') THEN
      (SELECT jsonb_object_agg(p.process, p.items) FROM news_class_step p WHERE p.class_id = c.id) END AS step_counts
  FROM news_class c LEFT JOIN news_class_stat s ON s.class_id = c.id
  WHERE c.id = ANY($1::int[])`;

/**
 * What the 首页 shows beyond the fill, once per database: the last category (栏目50) becomes a
 * process category of three steps with its items spread over them, and every 10th item gets a
 * revision of the last 7 days (100,000 on a million), so the latest changes are read from a
 * revision table of that size.
 */
const prepareHome = async (client) => {
  const {
    rows: [last],
  } = await client.query(`SELECT id, class_type FROM news_class WHERE name = '栏目${CATEGORIES}'`);
  if (!last) return;
  const started = process.hrtime.bigint();
  if (last.class_type !== '4') {
    const steps = [
      { title: '受理', value: 1 },
      { title: '审核', value: 2 },
      { title: '办结', value: 3 },
    ];
    await client.query(
      `UPDATE news_class SET class_type = '4', content_fileds = jsonb_set(content_fileds, '{process}', $2::jsonb) WHERE id = $1`,
      [last.id, JSON.stringify(steps)],
    );
    await client.query('UPDATE news SET process = id % 4 WHERE class_id = $1', [last.id]);
  }
  // With a deny list (--sensitive-words N > 0): every 20th item holds a word (news_sensitive_hit, as
  // its writes would record it) and every category counts as checked with the lists as they are, so
  // the 首页 counts each category (up to its cap) and lists the newest — its most expensive case.
  const {
    rows: [hits],
  } = await client.query(`SELECT to_regclass('news_sensitive_hit') IS NOT NULL AS present`);
  if (hits.present && SENSITIVE_WORDS) {
    await client.query(`
      INSERT INTO news_sensitive_hit (news_id, class_id, words, recorded_at)
      SELECT id, class_id, '[{"word": "基准", "level": "warn"}]'::jsonb, updated_at FROM news WHERE id % 20 = 0
      ON CONFLICT DO NOTHING`);
    await client.query(`
      INSERT INTO news_class_sensitive (class_id, checked_version, checked_stamp, checked_at)
      SELECT c.id, COALESCE((SELECT version FROM sensitive_word_version WHERE id = 1), 0), md5(c.class_type || c.content_fileds::text), now()
      FROM news_class c
      ON CONFLICT (class_id) DO UPDATE SET checked_version = EXCLUDED.checked_version,
        checked_stamp = EXCLUDED.checked_stamp, checked_at = EXCLUDED.checked_at`);
    await client.query('VACUUM ANALYZE news_sensitive_hit');
    console.log('  首页: every 20th item holds a 敏感词, every category checked');
  }
  const { rowCount } = await client.query('SELECT 1 FROM news_revision WHERE rev = 1000000 LIMIT 1');
  if (rowCount) return;
  await client.query(`
    INSERT INTO news_revision (news_id, rev, action, user_name, columns, content_hash, fields_hash, class_id, created_at)
    SELECT id, 1000000, 'update', '基准', jsonb_build_object('title', title), md5(''), md5(fields::text), class_id,
           now() - make_interval(secs => ((id::bigint * 7919) % 604800)::int)
    FROM news WHERE id % 10 = 0
    ON CONFLICT DO NOTHING`);
  await client.query('VACUUM ANALYZE news_revision');
  console.log(
    `  首页: 栏目${CATEGORIES} made a process category, revisions added in ${(ms(started) / 1000).toFixed(1)} s`,
  );
};

const fill = async (client) => {
  const started = process.hrtime.bigint();
  const { rows } = await client.query(
    `INSERT INTO news_class (key, name, sort, class_type, content_fileds, updated_at)
     SELECT 'c' || g, '栏目' || g, g, '0', $1::jsonb, now() FROM generate_series(1, ${CATEGORIES}) g RETURNING id`,
    [JSON.stringify(listSchema)],
  );
  const ids = rows.map((row) => row.id);
  await client.query('DROP INDEX IF EXISTS news_title_search_idx');
  const big = Math.floor(ITEMS * BIG_SHARE);
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const chunk = 100_000;
  for (let done = 0; done < ITEMS; done += chunk) {
    const count = Math.min(chunk, ITEMS - done);
    // Items 1..big go to the first category, the rest round-robin over the other 49.
    await client.query(`
      INSERT INTO news (class_id, title, short_title, intro, new_time, fields, updated_at)
      SELECT CASE WHEN g <= ${big} THEN ${ids[0]} ELSE (ARRAY[${ids.slice(1).join(',')}])[1 + (g % ${CATEGORIES - 1})::int] END,
             w[1 + (g * 7) % ${WORDS.length}] || w[1 + (g * 13) % ${WORDS.length}] || w[1 + (g * 31) % ${WORDS.length}] || '第' || g || '号',
             '', '简介' || g,
             now() - make_interval(secs => g),
             jsonb_build_object('source', w[1 + (g * 17) % ${WORDS.length}] || '日报', 'status', CASE WHEN g % 3 = 0 THEN 'draft' ELSE 'pub' END, 'price', (g % 1000) / 10.0),
             now()
      FROM generate_series(${done + 1}, ${done + count}) g, (SELECT ${words} AS w) words`);
    process.stdout.write(`\r  inserted ${(done + count).toLocaleString()} / ${ITEMS.toLocaleString()}`);
  }
  const inserted = ms(started);
  const indexStart = process.hrtime.bigint();
  await client.query(`SET maintenance_work_mem = '${PGLITE ? '128MB' : '512MB'}'`);
  await client.query(
    'CREATE INDEX "news_title_search_idx" ON "news" USING gin (cms_search_tokens("class_id", "title"))',
  );
  await client.query('VACUUM ANALYZE news');
  // Write the bulk load out now, so the checkpointer does not do it during the first case.
  await client
    .query('CHECKPOINT')
    .catch(() => console.log('  (CHECKPOINT needs a superuser or pg_checkpoint; skipped)'));
  console.log(
    `\n  rows in ${(inserted / 1000).toFixed(1)} s, search index + vacuum in ${(ms(indexStart) / 1000).toFixed(1)} s`,
  );
  return { bigClass: ids[0], smallClass: ids[1], total: ms(started) };
};

/**
 * The 敏感词 deny list of `count` words (level warn), 3–4 characters of the fill's titles and the
 * save cases' text: their prefixes cover most pairs of those characters, so the matcher walks its
 * states on every text, and a 2,000-character text hits a few dozen words. The lists' version
 * moves (servers reload within 1 s).
 */
const setSensitiveWords = async (client, count) => {
  const chars = [...new Set([...WORDS.join(''), ...'更新标题新建编号基准第号日报简介'])];
  let seed = 7;
  // mulberry32: seeded, so runs compare.
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const words = new Set();
  while (words.size < count) {
    const length = 3 + Math.floor(next() * 2);
    words.add(Array.from({ length }, () => chars[Math.floor(next() * chars.length)]).join(''));
  }
  await client.query('DELETE FROM sensitive_word');
  const list = [...words];
  for (let at = 0; at < list.length; at += 5000) {
    const batch = list.slice(at, at + 5000);
    // The words are of CJK characters only: their normalised form is the word itself.
    await client.query(
      `INSERT INTO sensitive_word (list, word, normalised, level) SELECT 'deny', w, w, 'warn' FROM unnest($1::text[]) w`,
      [batch],
    );
  }
  await client.query('UPDATE sensitive_word_version SET version = version + 1');
  console.log(`  敏感词: ${count.toLocaleString()} words (warn)`);
};

/** 2,000 characters of rich text, of the fill's words. */
const longContent = () => {
  let text = '';
  for (let i = 0; text.length < 2000; i += 1)
    text += WORDS[(i * 7) % WORDS.length] + (i % 12 === 11 ? '。' : '，');
  return `<p>${text.slice(0, 2000)}</p>`;
};

// ---------- HTTP load ----------
const {
  request,
  load: loadFor,
  close: closeClient,
} = httpClient({
  host: HOST,
  port: PORT,
  connections: CONNECTIONS,
});
const load = (makeRequest, { connections = CONNECTIONS, seconds = SECONDS, pid, dbPids } = {}) =>
  loadFor(makeRequest, { concurrency: connections, seconds, pid, dbPids });

/** The app's PostgreSQL backends on the bench database (its pool), whose CPU `DB CPU ms/req` counts. */
const appBackends = async (client) =>
  (
    await client.query(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    )
  ).rows.map((row) => row.pid);

// ---------- the SQL floor ----------
const explainMs = async (client, sql, params, writes = false) => {
  const runs = [];
  if (writes) await client.query('BEGIN');
  try {
    for (let i = 0; i < 15; i += 1) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      const plan = rows[0]['QUERY PLAN'][0];
      runs.push(plan['Execution Time'] + plan['Planning Time']);
    }
  } finally {
    if (writes) await client.query('ROLLBACK');
  }
  return median(runs.slice(3));
};
// The statements lib/news/list-page.ts sends. Unfiltered: the total from news_class_stat and the
// page from the index (deep pages from a cached boundary key). Filtered, first time: one scan of
// the gram index both counted and cut to the page. Filtered again, same data: the kept total and a
// walk over the newest rows of the category in list order.
const STAMP = `(SELECT md5(c.class_type || c.content_fileds::text) FROM news_class c WHERE c.id = $1)`;
const COLUMNS = `n.id, n.class_id, n.title, n.short_title, n.intro, '' AS content, n.hr_type, n.old_class, n.is_lock, n.process, n.new_time, n.fields, n.created_at, n.updated_at`;
const PAGE = (where) =>
  `SELECT ${COLUMNS} FROM (SELECT id, new_time FROM news WHERE ${where} ORDER BY new_time DESC, id DESC LIMIT $2 OFFSET $3) AS page JOIN news n ON n.id = page.id`;
const STAT_SQL = (
  where,
) => `SELECT t.total, t.version, t.class_stamp, p.* FROM (SELECT coalesce(s.total, 0) AS total, s.version::text AS version, ${STAMP} AS class_stamp
    FROM (SELECT 1) AS one LEFT JOIN news_class_stat s ON s.class_id = $1) AS t
  LEFT JOIN LATERAL (${PAGE(where)}) AS p ON true ORDER BY p.new_time DESC, p.id DESC`;
const DATA_VERSION = `(SELECT data_version::text FROM news_class_stat WHERE class_id = $1)`;
const COUNTED_TITLE_SQL = `SELECT coalesce(p.window_total, 0)::int AS total, s.class_stamp, s.data_version, s.class_total, p.*
  FROM (SELECT ${STAMP} AS class_stamp, ${DATA_VERSION} AS data_version, (SELECT total FROM news_class_stat WHERE class_id = $1) AS class_total) AS s
  LEFT JOIN LATERAL (SELECT page.window_total, ${COLUMNS}
    FROM (SELECT id, new_time, count(*) OVER () AS window_total FROM news
          WHERE cms_search_tokens(class_id, title) @> cms_search_tokens($1::int, $4::text) AND title ILIKE '%' || $4 || '%'
          ORDER BY new_time DESC, id DESC LIMIT $2 OFFSET $3) AS page
    JOIN news n ON n.id = page.id) AS p ON true
  ORDER BY p.new_time DESC, p.id DESC`;
const WALKED_TITLE_SQL = `SELECT $5::int AS total, v.class_stamp, v.data_version, p.*
  FROM (SELECT ${STAMP} AS class_stamp, ${DATA_VERSION} AS data_version) AS v
  LEFT JOIN LATERAL (SELECT ${COLUMNS}
    FROM (SELECT id, new_time FROM (SELECT * FROM news WHERE class_id = $1 ORDER BY new_time DESC, id DESC LIMIT 4000) AS news
          WHERE class_id = $1 AND title ILIKE '%' || $4 || '%' ORDER BY new_time DESC, id DESC LIMIT $2 OFFSET $3) AS page
    JOIN news n ON n.id = page.id) AS p ON true
  ORDER BY p.new_time DESC, p.id DESC`;
const FROM_KEY_WHERE = `class_id = $1 AND (new_time, id) <= ($4::timestamptz, $5::int)`;
const ONE_SQL = `SELECT n.*, c.name AS class_name, c.class_type, c.content_fileds FROM news n JOIN news_class c ON c.id = n.class_id WHERE n.id = $1`;

// The revision an item's save or create writes in the same statement (lib/revisions/save-revision.ts,
// savedRevisionCte: the changed keys from the app), for the SQL floor. The statement's answer reads it
// (it runs only when read).
const REVISION_CTE = {
  update: (from) => `,
  rev_written AS (
    SELECT s.id, cms_news_save_revision(s::news, 'update', ARRAY['title']::text[],
      ARRAY['price', 'source', 'status']::text[], 1, 'admin', 'system', 50) AS rev FROM ${from} AS s)`,
  create: (from) => `,
  rev_written AS (
    SELECT s.id, cms_news_save_revision(s::news, 'create',
      ARRAY['class_id', 'title', 'short_title', 'intro', 'hr_type', 'old_class', 'is_lock', 'process', 'new_time', 'content']::text[],
      NULL, 1, 'admin', 'system', 50) AS rev FROM ${from} AS s)`,
};

// The 敏感词 words a save records for the 首页 in the same statement (lib/sensitive/item-hits.ts,
// migration 20261202000000): a save holding none clears the item's row; a creation in a category that
// held no item marks it checked. Spelled out for the SQL floor, as a save without words sends them.
const HIT_CTE = {
  update: (from) => `,
  hit_cleared AS (DELETE FROM news_sensitive_hit h WHERE h.news_id IN (SELECT s.id FROM ${from} AS s))`,
  create: () => `,
  hit_checked AS (
    INSERT INTO news_class_sensitive (class_id, checked_version, checked_stamp, checked_at)
    SELECT cat.id, 0, cat.stamp, now() FROM cat
    WHERE EXISTS (SELECT 1 FROM created)
      AND NOT EXISTS (SELECT 1 FROM news_class_stat s WHERE s.class_id = cat.id AND s.total > 0)
    ON CONFLICT (class_id) DO UPDATE SET checked_version = EXCLUDED.checked_version,
      checked_stamp = EXCLUDED.checked_stamp, checked_at = EXCLUDED.checked_at)`,
};

/** The categories and ids the cases use, read with the bench's own connection. */
const factsFromSql = async (client) => {
  // The first three categories of the fill: the big one, a small one, a small one to create in.
  const [bigClass, smallClass, createClass] = (
    await client.query('SELECT id FROM news_class ORDER BY id LIMIT 3')
  ).rows.map((row) => row.id);
  const { rows: counts } = await client.query(
    'SELECT class_id, count(*)::int AS n FROM news WHERE class_id = ANY($1) GROUP BY class_id',
    [[bigClass, smallClass, createClass]],
  );
  // The big category's ids (the fill's first ones, in a row): the update case edits items of it.
  const {
    rows: [{ min, max }],
  } = await client.query('SELECT min(id) AS min, max(id) AS max FROM news WHERE class_id = $1', [bigClass]);
  // With items in the 回收站 (bench/bin-share.mjs), the big category's ids have gaps: the cases
  // that pick an item pick among the live ones.
  // (A build before the 回收站 has no news_trash: the name is looked up first.)
  const {
    rows: [{ trash }],
  } = await client.query("SELECT to_regclass('news_trash') IS NOT NULL AS trash");
  const binned = trash ? (await client.query('SELECT count(*)::int AS n FROM news_trash')).rows[0].n : 0;
  const live =
    binned > 0
      ? (await client.query('SELECT id FROM news WHERE class_id = $1 ORDER BY id', [bigClass])).rows.map(
          (row) => row.id,
        )
      : null;
  return {
    bigClass,
    smallClass,
    createClass,
    sizes: new Map(counts.map((row) => [row.class_id, row.n])),
    min,
    max,
    live,
  };
};

/**
 * The same facts through the API, for a server this bench did not start (BENCH_SERVER=<url>):
 * the fill's categories by name (栏目1, 栏目2, 栏目3), their sizes from their lists, and the ids of
 * the newest 1,000 items of the big one (the fill's lowest ids), which the by-id case then picks from.
 */
const factsFromApi = async (token) => {
  const list = (classId, page, limit) =>
    request(
      'GET',
      `/api/v1/manage/news_manage/get_news_list?class_id=${classId}&page=${page}&limit=${limit}`,
      {
        token,
      },
    );
  const { data: tree } = await request('GET', '/api/v1/manage/class_manage/get_class_list', { token });
  const flat = [];
  const walk = (nodes) => {
    for (const node of nodes ?? []) {
      flat.push(node);
      walk(node.children);
    }
  };
  walk(Array.isArray(tree) ? tree : (tree.list ?? tree.data ?? []));
  const idOf = (name) => {
    const found = flat.find((node) => node.name === name);
    if (!found) throw new Error(`category ${name} not found: is this a database filled by this bench?`);
    return found.id;
  };
  const [bigClass, smallClass, createClass] = ['栏目1', '栏目2', '栏目3'].map(idOf);
  const sizes = new Map();
  for (const id of [bigClass, smallClass, createClass]) sizes.set(id, (await list(id, 1, 1)).data.total);
  const ids = [];
  for (let page = 1; page <= 10; page += 1)
    ids.push(...(await list(bigClass, page, 100)).data.data.map((row) => row.id));
  ids.sort((a, b) => a - b);
  return { bigClass, smallClass, createClass, sizes, min: ids[0], max: ids[ids.length - 1], sampled: true };
};

/** A category with a running-number field (auto), new for each run, for the create case that needs the lock. */
const autoCategory = async (token) => {
  const schema = {
    ...listSchema,
    list: [...listSchema.list, field('no', '编号', { type: 'auto', search: false })],
  };
  const { data } = await request('POST', '/api/v1/manage/class_manage/save_class', {
    token,
    body: { name: `编号栏目${Date.now()}`, class_type: '0', content_fileds: schema },
  });
  return data.id;
};

// ---------- the server's memory ----------
const MB = 2 ** 20;
const statusOf = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
};
const kbField = (text, key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;
/**
 * VmRSS of `pid` sampled every 50 ms: `now()`, `highest()` since the last `mark()`, and
 * `hwm()`, the kernel's own high-water mark (VmHWM) since `resetHwm()` (null if it could not be reset).
 */
const rssWatch = (pid) => {
  let highest = 0;
  let hwmReset = false;
  const now = () => kbField(statusOf(pid), 'VmRSS');
  const sample = () => {
    highest = Math.max(highest, now());
  };
  const timer = pid ? setInterval(sample, 50).unref() : null;
  return {
    now,
    mark: () => {
      highest = now();
    },
    highest: () => {
      sample();
      return highest;
    },
    resetHwm: () => {
      try {
        // "5": reset the peak resident set size of the process (proc(5), clear_refs).
        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
        hwmReset = true;
      } catch {
        hwmReset = false;
      }
    },
    hwm: () => (hwmReset ? kbField(statusOf(pid), 'VmHWM') : null),
    stop: () => timer && clearInterval(timer),
  };
};
const idleRss = async (watch) => {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const samples = [];
  for (let i = 0; i < 5; i += 1, await new Promise((resolve) => setTimeout(resolve, 200)))
    samples.push(watch.now());
  return median(samples);
};

const main = async () => {
  console.log(
    `${MODE}: ${MODE === 'postgres' ? `database ${dbName} on ${db.host}` : MODE === 'pglite' ? `data folder ${pgliteDir}` : REMOTE.href}; ${REMOTE || REUSE ? 'items as filled' : `${ITEMS.toLocaleString()} items`} over ${CATEGORIES} categories; ${CONNECTIONS} connections, ${SECONDS} s per case`,
  );
  if (MODE === 'postgres' && !REUSE) await db.admin(`CREATE DATABASE "${dbName}"`);
  let server;
  let bare;
  let client = null;
  const serve = () => startServer({ port: PORT, databaseUrl: benchUrl, pgliteDir, password: PASSWORD }); // migrates it
  try {
    let facts;
    let revisions = 'none';
    let hasHits = false;
    if (MODE === 'pglite') {
      // The app migrates the folder (and creates its admin user) on a first start; the bench then
      // fills it while no server has it open (PGlite is one process's), and serves it again.
      if (!REUSE) {
        await stopServer(await serve());
        client = await openClient();
        console.log('filling…');
        const filled = await fill(client);
        console.log(`  fill total ${(filled.total / 1000).toFixed(1)} s`);
      } else client = await openClient();
      if (SENSITIVE_WORDS !== null) await setSensitiveWords(client, SENSITIVE_WORDS);
      facts = await factsFromSql(client);
      await client.end();
      client = null;
      server = await serve();
    } else if (MODE === 'postgres') {
      server = await serve();
      bare = await startBare();
      client = await openClient();
      if (!REUSE) {
        console.log('filling…');
        const filled = await fill(client);
        console.log(`  fill total ${(filled.total / 1000).toFixed(1)} s`);
      }
      if (SENSITIVE_WORDS !== null) await setSensitiveWords(client, SENSITIVE_WORDS);
      facts = await factsFromSql(client);
      // A database with cms_news_save_revision (migration 20261205000000) has this code's revisions; a build from before
      // revisions (BENCH_SERVER=<its server script>) writes none, and one from between has no floor here.
      const {
        rows: [found],
      } = await client.query(
        `SELECT to_regclass('news_revision') IS NOT NULL AS revisions, to_regproc('cms_news_save_revision') IS NOT NULL AS writer,
           to_regclass('news_sensitive_hit') IS NOT NULL AS hits`,
      );
      revisions = found.writer ? 'writer' : found.revisions ? 'unknown' : 'none';
      hasHits = found.hits;
    }
    const serverPid = server?.pid ?? (Number(process.env.BENCH_SERVER_PID) || undefined);
    const {
      data: { token },
    } = await request('POST', '/api/v1/manage/login/login', {
      body: { username: 'admin', password: PASSWORD },
    });
    if (REMOTE) facts = await factsFromApi(token);
    const { bigClass, smallClass, createClass, sizes, min, max, live } = facts;
    const sizeOf = (id) => sizes.get(id) ?? 0;
    const lastPageOf = (id) => Math.max(1, Math.ceil(sizeOf(id) / 10));
    const deepPage = Math.min(10_000, lastPageOf(bigClass));
    const autoClass = await autoCategory(token);
    const randomId = () =>
      live
        ? live[Math.floor(Math.random() * live.length)]
        : min + Math.floor(Math.random() * (max - min + 1));
    // One of the big category's first 1,000 items (the update cases edit these).
    const editedId = () =>
      live
        ? live[Math.floor(Math.random() * Math.min(1000, live.length))]
        : min + Math.floor(Math.random() * Math.min(1000, max - min));
    const word = '经济';
    const enc = encodeURIComponent;
    const cases = [
      {
        name: `list page 1 + total (category of ${sizeOf(smallClass).toLocaleString()})`,
        run: () =>
          request('GET', `/api/v1/manage/news_manage/get_news_list?class_id=${smallClass}&page=1&limit=10`, {
            token,
          }),
        statement: () => [STAT_SQL('class_id = $1'), [smallClass, 10, 0]],
      },
      {
        // The "last page" of the first side-by-side with Directus (a category of ~2,000 there).
        name: `last page + total (category of ${sizeOf(smallClass).toLocaleString()})`,
        run: () =>
          request(
            'GET',
            `/api/v1/manage/news_manage/get_news_list?class_id=${smallClass}&page=${lastPageOf(smallClass)}&limit=10`,
            { token },
          ),
        statement: async () => {
          const offset = (lastPageOf(smallClass) - 1) * 10;
          if (offset < 1000) return [STAT_SQL('class_id = $1'), [smallClass, 10, offset]];
          const {
            rows: [key],
          } = await client.query(
            'SELECT new_time, id FROM news WHERE class_id = $1 ORDER BY new_time DESC, id DESC OFFSET $2 LIMIT 1',
            [smallClass, Math.floor(offset / 1000) * 1000],
          );
          return [STAT_SQL(FROM_KEY_WHERE), [smallClass, 10, offset % 1000, key.new_time, key.id]];
        },
      },
      {
        name: `title contains 「${word}」 page 1 + total (repeated)`,
        run: () =>
          request(
            'GET',
            `/api/v1/manage/news_manage/get_news_list?class_id=${smallClass}&page=1&limit=10&title=${enc(word)}`,
            { token },
          ),
        statement: async () => {
          const {
            rows: [{ n }],
          } = await client.query(
            `SELECT count(*)::int AS n FROM news WHERE class_id = $1 AND title ILIKE '%' || $2 || '%'`,
            [smallClass, word],
          );
          return [WALKED_TITLE_SQL, [smallClass, 10, 0, word, n]];
        },
      },
      {
        // A common 2-character word (one of the 50 in the titles, ~1,000 matches in the category)
        // with an intro filter of two digits, so nearly every call is a combination not seen
        // before and is counted: the cost of a first search, not of paging through one.
        name: 'common title word + intro digits, new combination each call',
        run: () => {
          const title = WORDS[Math.floor(Math.random() * WORDS.length)];
          const intro = String(10 + Math.floor(Math.random() * 90));
          return request(
            'GET',
            `/api/v1/manage/news_manage/get_news_list?class_id=${smallClass}&page=1&limit=10&title=${enc(title)}&intro=${intro}`,
            { token },
          );
        },
        statement: () => [
          COUNTED_TITLE_SQL.replace(
            "AND title ILIKE '%' || $4 || '%'",
            "AND title ILIKE '%' || $4 || '%' AND intro ILIKE '%' || $5 || '%'",
          ),
          [smallClass, 10, 0, word, '37'],
        ],
      },
      {
        // Page 10,000, or the last page of a big category with fewer pages (a smaller fill).
        name: `list page ${deepPage.toLocaleString()} + total (category of ${sizeOf(bigClass).toLocaleString()})`,
        run: () =>
          request(
            'GET',
            `/api/v1/manage/news_manage/get_news_list?class_id=${bigClass}&page=${deepPage}&limit=10`,
            { token },
          ),
        statement: async () => {
          const offset = (deepPage - 1) * 10;
          const {
            rows: [key],
          } = await client.query(
            'SELECT new_time, id FROM news WHERE class_id = $1 ORDER BY new_time DESC, id DESC OFFSET $2 LIMIT 1',
            [bigClass, Math.floor(offset / 1000) * 1000],
          );
          return [STAT_SQL(FROM_KEY_WHERE), [bigClass, 10, offset % 1000, key.new_time, key.id]];
        },
      },
      {
        name: 'page 1 of the same big category',
        run: () =>
          request('GET', `/api/v1/manage/news_manage/get_news_list?class_id=${bigClass}&page=1&limit=10`, {
            token,
          }),
        statement: () => [STAT_SQL('class_id = $1'), [bigClass, 10, 0]],
      },
      {
        name: 'one item by id',
        run: () => request('GET', `/api/v1/manage/news_manage/get_news_one?id=${randomId()}`, { token }),
        statement: () => [ONE_SQL, [randomId()]],
      },
      {
        name: 'save one item (update)',
        run: () => {
          const id = editedId();
          return request('POST', '/api/v1/manage/news_manage/save_news_info', {
            token,
            body: {
              id,
              class_id: bigClass,
              title: `更新标题${Math.random()}`,
              source: '基准',
              status: 'pub',
              price: '1.5',
              sensitive_confirmed: 1,
            },
          });
        },
        // EXPLAIN ANALYZE runs it in a transaction rolled back; the bare server commits each one.
        // Each connection saves an item of its own (by its backend's pid): a save of the same item
        // from two at once is refused by the app's row-version check, not queued.
        // As lib/news/update-news.ts sends it: the UPDATE, its 操作日志 entry, its 敏感词 row and its
        // revision in one statement.
        statement:
          revisions === 'unknown'
            ? null
            : () => [
                `WITH changed AS (UPDATE news SET title = $2, fields = $3::jsonb, updated_at = now() WHERE id = $1::int + pg_backend_pid() % $5::int RETURNING *),
           logged AS (INSERT INTO audit_log (user_id, username, ip, action, target_type, target_id, detail)
             SELECT 1, 'admin', '127.0.0.1', 'update', 'news', $1, $4::jsonb FROM changed)${hasHits ? HIT_CTE.update('changed') : ''}${revisions === 'writer' ? REVISION_CTE.update('changed') : ''}
           SELECT id FROM ${revisions === 'writer' ? 'rev_written' : 'changed'}`,
                [
                  min,
                  '基准标题',
                  JSON.stringify({ source: '基准', status: 'pub', price: 1.5 }),
                  JSON.stringify({ name: '旧标题', changes: { title: { from: '旧标题', to: '基准标题' } } }),
                  max - min + 1,
                ],
              ],
        writes: true,
      },
      {
        name: `create an item (category of ${sizeOf(createClass).toLocaleString()})`,
        run: () =>
          request('POST', '/api/v1/manage/news_manage/save_news_info', {
            token,
            body: {
              class_id: createClass,
              title: `新建标题${Math.random()}`,
              source: '基准',
              status: 'pub',
              price: '1.5',
              sensitive_confirmed: 1,
            },
          }),
        // As lib/news/create-news.ts sends it: the INSERT (while the category's stamp is the one
        // its values were checked against), its 操作日志 entry and its revision in one statement.
        statement:
          revisions === 'unknown'
            ? null
            : () => [
                `WITH cat AS (SELECT c.id, c.name, md5(c.class_type || c.content_fileds::text) AS stamp FROM news_class c WHERE c.id = $1),
           created AS (INSERT INTO news (class_id, title, short_title, intro, content, hr_type, process, new_time, fields, created_by, updated_by, updated_at)
             SELECT cat.id, $2, '', '', '', '', 0, now(), $3::jsonb, 1, 1, now() FROM cat
             WHERE cat.stamp = (SELECT md5(c.class_type || c.content_fileds::text) FROM news_class c WHERE c.id = $1) RETURNING *),
           logged AS (INSERT INTO audit_log (user_id, username, ip, action, target_type, target_id, detail)
             SELECT 1, 'admin', '127.0.0.1', 'create', 'news', created.id, $4::jsonb || jsonb_build_object('values', jsonb_build_object('class_id', cat.id, 'class_name', cat.name)) FROM created, cat)${hasHits ? HIT_CTE.create() : ''}${revisions === 'writer' ? REVISION_CTE.create('created') : ''}
           SELECT (SELECT stamp FROM cat) AS stamp, (SELECT id FROM ${revisions === 'writer' ? 'rev_written' : 'created'}) AS id`,
                [
                  createClass,
                  '基准标题',
                  JSON.stringify({ source: '基准', status: 'pub', price: 1.5 }),
                  JSON.stringify({ name: '基准标题' }),
                ],
              ],
        writes: true,
      },
      {
        // Creations in a category with a running number take the category's lock (one at a time).
        name: 'create an item with a running number (category locked)',
        run: () =>
          request('POST', '/api/v1/manage/news_manage/save_news_info', {
            token,
            body: { class_id: autoClass, title: `编号标题${Math.random()}`, source: '基准', status: 'pub' },
          }),
        statement: null,
      },
    ];
    if (SENSITIVE_WORDS !== null) {
      const content = longContent();
      cases.push({
        // A save whose text the 敏感词 check reads at length: 2,000 characters of rich text.
        name: 'save one item with 2,000 characters of content (update)',
        run: () => {
          const id = editedId();
          return request('POST', '/api/v1/manage/news_manage/save_news_info', {
            token,
            body: {
              id,
              class_id: bigClass,
              title: `更新标题${Math.random()}`,
              content,
              sensitive_confirmed: 1,
            },
          });
        },
        statement: null,
      });
    }
    cases.push({
      // The 首页 of an editor of every category (news_manage/get_home_overview): 50 categories' totals,
      // changes of the week and latest changes, a process category's steps, the 回收站.
      name: 'home overview (get_home_overview, every category)',
      run: () => request('GET', '/api/v1/manage/news_manage/get_home_overview', { token }),
      statement: () => [HOME_STATS_SQL, [[...sizes.keys()]]],
    });
    const chosen = cases.filter((c) => !ONLY.length || ONLY.some((word) => c.name.includes(word)));
    if (client && chosen.some((c) => c.name.startsWith('home'))) await prepareHome(client);
    const memory = rssWatch(serverPid);
    const idle = serverPid ? await idleRss(memory) : 0;
    memory.resetHwm();
    memory.mark();
    // Every case once before any is measured: the first case should not pay for a cold process.
    for (const testCase of chosen) await load(testCase.run, { seconds: 1 });
    const results = [];
    const floors = MODE === 'postgres';
    const dash = '—';
    let highestOfCases = memory.highest();
    for (const testCase of chosen) {
      memory.mark();
      // PostgreSQL's CPU for the calls: the backends on the bench database (the bare server's idle
      // pool among them) over the same window, read from /proc (PostgreSQL on this machine).
      const dbPids = floors ? () => appBackends(client) : undefined;
      const figures = await load(testCase.run, { pid: serverPid, dbPids });
      // The same case from one connection: the latency of a call with no queue in front of it.
      const alone = await load(testCase.run, { connections: 1, seconds: Math.max(2, SECONDS / 2) });
      const row = {
        case: testCase.name,
        'req/s': figures.rps.toFixed(0),
        'p50 ms': figures.p50.toFixed(2),
        'p99 ms': figures.p99.toFixed(2),
        '1-conn p50': alone.p50.toFixed(2),
        'CPU ms/req': figures.cpuMs === null ? dash : figures.cpuMs.toFixed(2),
        ...(floors ? { 'DB CPU ms/req': figures.dbCpuMs === null ? dash : figures.dbCpuMs.toFixed(2) } : {}),
        'RSS max MB': serverPid ? (memory.highest() / MB).toFixed(0) : dash,
      };
      highestOfCases = Math.max(highestOfCases, memory.highest());
      let floorText = '';
      if (floors && testCase.statement) {
        const [text, values] = await testCase.statement();
        const floor = await explainMs(client, text, values, testCase.writes);
        // The same statement behind a bare node:http server (bench/bare-server.mjs).
        await request('POST', '/', { port: BARE_PORT, body: { text, values } });
        const bareRun = () => request('GET', '/', { port: BARE_PORT });
        const bareFigures = await load(bareRun);
        const bareAlone = await load(bareRun, { connections: 1, seconds: Math.max(2, SECONDS / 2) });
        Object.assign(row, {
          'SQL ms': floor.toFixed(2),
          'bare req/s': bareFigures.rps.toFixed(0),
          'bare p50': bareFigures.p50.toFixed(2),
          'bare p99': bareFigures.p99.toFixed(2),
          'bare 1-conn p50': bareAlone.p50.toFixed(2),
        });
        floorText = `; SQL ${floor.toFixed(2)} ms; bare ${bareFigures.rps.toFixed(0)} req/s, p50 ${bareFigures.p50.toFixed(2)} ms, p99 ${bareFigures.p99.toFixed(2)} ms, one connection ${bareAlone.p50.toFixed(2)} ms`;
      } else if (floors) {
        Object.assign(row, {
          'SQL ms': dash,
          'bare req/s': dash,
          'bare p50': dash,
          'bare p99': dash,
          'bare 1-conn p50': dash,
        });
      }
      results.push(row);
      console.log(
        `  ${testCase.name}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(2)} ms; one connection p50 ${alone.p50.toFixed(2)} ms; CPU ${row['CPU ms/req']} ms/req${floors ? `, PostgreSQL ${row['DB CPU ms/req']} ms/req` : ''}; server RSS at most ${row['RSS max MB']} MB${floorText}`,
      );
    }
    console.table(results);
    if (serverPid) {
      const hwm = memory.hwm();
      const peak = Math.max(highestOfCases, hwm ?? 0);
      console.log(
        `server RSS: idle ${(idle / MB).toFixed(0)} MB; at most ${(peak / MB).toFixed(0)} MB over the cases above ` +
          `(+${((peak - idle) / MB).toFixed(0)} MB; sampled ${(highestOfCases / MB).toFixed(0)} MB, ` +
          `VmHWM ${hwm === null ? 'not resettable' : `${(hwm / MB).toFixed(0)} MB`})`,
      );
    }
    if (!ONLY.length || ONLY.includes('export')) {
      // One export of the big category, read as fast as this client can: time, size, server RSS.
      const before = memory.now() / MB;
      memory.mark();
      const started = process.hrtime.bigint();
      const bytes = await new Promise((resolve, reject) => {
        http
          .get(
            {
              host: HOST,
              port: PORT,
              path: `/api/v1/manage/news_manage/export_news?class_id=${bigClass}`,
              headers: { 'x-token': token },
            },
            (res) => {
              let size = 0;
              res.on('data', (chunk) => {
                size += chunk.length;
              });
              res.on('end', () => resolve(size));
              res.on('error', reject);
            },
          )
          .on('error', reject);
      });
      const peak = memory.highest() / MB;
      console.log(
        `export of the ${sizeOf(bigClass).toLocaleString()} items of the big category: ${(ms(started) / 1000).toFixed(1)} s, ${(bytes / 2 ** 20).toFixed(1)} MB .xlsx; server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most`,
      );
    }
    memory.stop();
    console.log(machine());
  } finally {
    await client?.end().catch(() => {});
    await stopServer(server);
    stopGroup(bare);
    closeClient();
    if (MODE === 'postgres') {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (KEEP) console.log(`kept database ${dbName}`);
      else await db.admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    } else if (MODE === 'pglite') {
      if (KEEP) console.log(`kept data folder ${pgliteDir} (--pglite --db ${pgliteDir} runs on it again)`);
      else fs.rmSync(path.dirname(pgliteDir), { recursive: true, force: true });
    }
  }
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
