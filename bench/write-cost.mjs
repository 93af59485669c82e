// What a save and a create cost in SQL, split by part (issue 22): the statements the app sends
// (lib/news/update-news.ts, create-news.ts: the row, its 操作日志 entry and, with `+ revision`, its
// revision through cms_news_save_revision; with `+ its row alone`, the floor of any revision: its
// row inserted by the statement, no function, no text), timed one after another from one client on a
// fresh database with ITEMS items (synchronous_commit off, so the figures are CPU, not the disk's flush), and with
// the upload-reference GIN indexes as they were (every row, SQL cms_upload_ids) or as they are (only
// rows naming an upload, PL/pgSQL).
// Variants run interleaved, ROUNDS rounds; each figure is the median round.
//
//   DATABASE_URL=postgresql://root@127.0.0.1:5432/test node bench/write-cost.mjs
//   PGLITE=1 GINS=partial FNS=plpgsql node bench/write-cost.mjs      (the same on PGlite, in this process)
//   env: ITEMS (100000) N (400 statements per variant and round) ROUNDS (5) CONTENT_CHARS (0: the
//   created item's content length) UPLOAD=1 (the content names an upload) GINS (full,partial) FNS
//   (sql,plpgsql) KINDS (save,create) KEEP=1 / REUSE=<database>
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const require = createRequire(path.join(root, 'package.json'));
const { createJiti } = require('jiti');
const jiti = createJiti(import.meta.url, {
  alias: {
    '@/': `${root}/`,
    'server-only': path.join(path.dirname(require.resolve('server-only')), 'empty.js'),
  },
});
const { applyMigrations } = await jiti.import(path.join(root, 'lib/db/migrate.ts'));
const ITEMS = Number(process.env.ITEMS || 100000);
const N = Number(process.env.N || 400);
const ROUNDS = Number(process.env.ROUNDS || 5);
// PGLITE=1: an in-memory PGlite in this process instead (no DATABASE_URL, REUSE or KEEP); its
// statements are planned on every call, as the app's are there.
const PGLITE = process.env.PGLITE === '1';
const name = process.env.REUSE || `cms_wcost_${Math.random().toString(16).slice(2, 10)}`;
let admin = null;
let c;
if (PGLITE) {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite();
  c = {
    connect: async () => {},
    query: (q, values) => (typeof q === 'string' ? pglite.query(q, values) : pglite.query(q.text, q.values)),
    exec: (text) => pglite.exec(text),
    end: () => pglite.close(),
  };
} else {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  c = new pg.Client({ connectionString: url.toString() });
}
if (PGLITE || !process.env.REUSE) {
  await admin?.query(`CREATE DATABASE ${name}`);
  await c.connect();
  await applyMigrations({
    runner: {
      query: async (s, p) => (await c.query(s, p)).rows,
      exec: async (s) => void (await (c.exec ? c.exec(s) : c.query(s))),
    },
  });
  const schema = {
    list: [
      { key: 'source', title: '来源', type: 'text' },
      { key: 'status', title: '状态', type: 'text' },
      { key: 'price', title: '价格', type: 'float' },
    ],
    class: [],
  };
  const { rows } = await c.query(
    `INSERT INTO news_class (key, name, sort, class_type, content_fileds, updated_at) SELECT 'c' || g, '栏目' || g, g, '0', $1::jsonb, now() FROM generate_series(1, 50) g RETURNING id`,
    [JSON.stringify(schema)],
  );
  const ids = rows.map((r) => r.id);
  await c.query(`INSERT INTO news (class_id, title, short_title, intro, new_time, fields, updated_at)
    SELECT (ARRAY[${ids.join(',')}])[1 + (g % 50)::int], '标题第' || g || '号', '', '简介' || g, now() - make_interval(secs => g),
      jsonb_build_object('source', '日报', 'status', 'pub', 'price', (g % 1000) / 10.0), now() - interval '3 hours'
    FROM generate_series(1, ${ITEMS}) g`);
  await c.query('VACUUM ANALYZE');
  if (!PGLITE) console.log('db', name);
} else await c.connect();
await c.query('SET synchronous_commit = off');
const {
  rows: [{ min, cls }],
} = await c.query('SELECT min(id) AS min, min(class_id) AS cls FROM news');
// As the app writes them (lib/revisions/save-revision.ts, savedRevisionCte: the changed keys from
// the app; the answer reads it, as it runs only when read).
const REV = (from, action) => `,
  rev_written AS (
    SELECT s.id, cms_news_save_revision(s::news, '${action}', ${
      action === 'update'
        ? `ARRAY['title']::text[], ARRAY['price', 'source', 'status']::text[], 1, 'admin', 'system', 50`
        : `ARRAY['class_id', 'title', 'short_title', 'intro', 'hr_type', 'old_class', 'is_lock', 'process', 'new_time', 'content']::text[], NULL, 1, 'admin', 'system', 50`
    }) AS rev FROM ${from} AS s)`;
// The floor of any revision: its row alone (number, small columns, hashes), inserted by the
// statement without the function, storing no text and pruning nothing.
const ROW = (from, action) => `,
  rev_written AS (
    INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id)
    SELECT s.id, COALESCE((SELECT max(r.rev) FROM news_revision r WHERE r.news_id = s.id), 0) + 1, '${action}', 1, 'admin',
      ARRAY['title']::text[], jsonb_build_object('class_id', s.class_id, 'title', s.title, 'short_title', s.short_title,
        'intro', s.intro, 'hr_type', s.hr_type, 'old_class', s.old_class, 'is_lock', s.is_lock, 'process', s.process,
        'new_time', s.new_time, 'created_at', s.created_at, 'updated_at', s.updated_at),
      md5(s.content), md5(s.fields::text), s.class_id FROM ${from} s)`;
const revisionOf = (rev, from, action) => (rev === 'row' ? ROW(from, action) : rev ? REV(from, action) : '');
const save = (
  rev,
) => `WITH changed AS (UPDATE news SET title = $2, fields = $3::jsonb, updated_by = 1, updated_at = now() WHERE id = $1 AND NOT is_lock RETURNING *),
  logged AS (INSERT INTO audit_log (user_id, username, ip, action, target_type, target_id, detail) SELECT 1, 'admin', '127.0.0.1', 'update', 'news', $1, $4::jsonb FROM changed)${revisionOf(rev, 'changed', 'update')}
  SELECT id FROM ${rev === true ? 'rev_written' : 'changed'}`;
const create = (
  rev,
) => `WITH cat AS (SELECT c.id, c.name, md5(c.class_type || c.content_fileds::text) AS stamp FROM news_class c WHERE c.id = $1),
  created AS (INSERT INTO news (class_id, title, short_title, intro, content, hr_type, process, new_time, fields, created_by, updated_by, updated_at)
    SELECT cat.id, $2, '', '', $5, '', 0, now(), $3::jsonb, 1, 1, now() FROM cat RETURNING *),
  logged AS (INSERT INTO audit_log (user_id, username, ip, action, target_type, target_id, detail) SELECT 1, 'admin', '127.0.0.1', 'create', 'news', created.id, $4::jsonb FROM created, cat)${revisionOf(rev, 'created', 'create')}
  SELECT (SELECT stamp FROM cat) AS stamp, (SELECT id FROM ${rev === true ? 'rev_written' : 'created'}) AS id`;
// Since migration 20261203000000 news_class_stat and the 首页 counters are one trigger per event
// (news_count_*), which every variant fires: the revision is what they differ by.
const variants = [
  ['no revision', false],
  ['+ revision (now)', true],
  ['+ its row alone (floor)', 'row'],
];
const GIN = {
  full: [
    `DROP INDEX IF EXISTS news_upload_ids_idx; CREATE INDEX news_upload_ids_idx ON news USING gin (cms_upload_ids("title" || ' ' || "short_title" || ' ' || "intro" || ' ' || "content" || ' ' || "fields"::text))`,
    `DROP INDEX IF EXISTS news_revision_text_upload_ids_idx; CREATE INDEX news_revision_text_upload_ids_idx ON news_revision_text USING gin (cms_upload_ids("body"))`,
    `DROP INDEX IF EXISTS news_revision_upload_ids_idx; CREATE INDEX news_revision_upload_ids_idx ON news_revision USING gin (cms_upload_ids("columns"::text))`,
  ],
  partial: [
    `DROP INDEX IF EXISTS news_upload_ids_idx; CREATE INDEX news_upload_ids_idx ON news USING gin (cms_upload_ids("title" || ' ' || "short_title" || ' ' || "intro" || ' ' || "content" || ' ' || "fields"::text)) WHERE ("title" || ' ' || "short_title" || ' ' || "intro" || ' ' || "content" || ' ' || "fields"::text) ~ '[0-9a-f]{32}\\.[a-z0-9]'`,
    `DROP INDEX IF EXISTS news_revision_text_upload_ids_idx; CREATE INDEX news_revision_text_upload_ids_idx ON news_revision_text USING gin (cms_upload_ids("body")) WHERE "body" ~ '[0-9a-f]{32}\\.[a-z0-9]'`,
    `DROP INDEX IF EXISTS news_revision_upload_ids_idx; CREATE INDEX news_revision_upload_ids_idx ON news_revision USING gin (cms_upload_ids("columns"::text)) WHERE "columns"::text ~ '[0-9a-f]{32}\\.[a-z0-9]'`,
  ],
};
const GINS = (process.env.GINS || 'full,partial').split(',');
const FNS = (process.env.FNS || 'sql,plpgsql').split(',');
const FN = {
  sql: `CREATE OR REPLACE FUNCTION cms_upload_ids(body text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
  SELECT COALESCE(array_agg(DISTINCT m[1]), '{}') FROM regexp_matches(body, '([0-9a-f]{32})\\.[a-z0-9]', 'g') AS m $f$`,
  plpgsql: `CREATE OR REPLACE FUNCTION cms_upload_ids(body text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
  BEGIN RETURN ARRAY(SELECT DISTINCT m[1] FROM regexp_matches(body, '([0-9a-f]{32})\\.[a-z0-9]', 'g') AS m ORDER BY 1); END $f$`,
};
const setGin = async (kind) => {
  for (const q of GIN[kind]) await (c.exec ? c.exec(q) : c.query(q));
  await c.query('VACUUM ANALYZE news_revision, news_revision_text');
};
const CONTENT =
  '<p>' +
  '内容文字'.repeat(Number(process.env.CONTENT_CHARS || 0) / 4) +
  (process.env.UPLOAD ? '<img src="/uploads/2026/11/0123456789abcdef0123456789abcdef.png">' : '') +
  '</p>';
const fieldsJson = JSON.stringify({ source: '基准', status: 'pub', price: 1.5 });
const results = {};
let gin = 'full';
const runKind = async (kind, [label0, rev]) => {
  const label = `${label0}, ${gin} GIN`;
  const text = kind === 'save' ? save(rev) : create(rev);
  const qname = `${kind}-${rev}`;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const params =
      kind === 'save'
        ? [
            min + Math.floor(Math.random() * 1000),
            `更新标题${Math.random()}`,
            fieldsJson,
            JSON.stringify({ name: 'x', changes: { title: { from: 'a', to: 'b' } } }),
          ]
        : [
            cls,
            `新建标题${Math.random()}`,
            fieldsJson,
            JSON.stringify({ name: 'x' }),
            CONTENT + Math.random(),
          ];
    await c.query({ name: qname, text, values: params });
  }
  const us = Number(process.hrtime.bigint() - t0) / 1e3 / N;
  ((results[kind] ??= {})[label] ??= []).push(us);
};
const kinds = (process.env.KINDS || 'save,create').split(',');
const round = async () => {
  for (const g of GINS)
    for (const f of FNS) {
      gin = `${g}/${f}`;
      await c.query(FN[f]);
      await setGin(g);
      for (const kind of kinds) for (const v of variants) await runKind(kind, v);
    }
};
await round(); // warm-up
for (const k of Object.keys(results)) for (const l of Object.keys(results[k])) results[k][l] = [];
for (let r = 0; r < ROUNDS; r++) await round();
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const kind of kinds) {
  console.log(
    `${kind}: µs per statement (median of ${ROUNDS} rounds × ${N}, one client, synchronous_commit off)`,
  );
  const base = med(Object.values(results[kind])[0]);
  for (const label of Object.keys(results[kind])) {
    const m = med(results[kind][label]);
    console.log(
      `  ${label.padEnd(40)} ${m.toFixed(0).padStart(6)}  (${m - base >= 0 ? '+' : ''}${(m - base).toFixed(0)})`,
    );
  }
}
await c.query(FN.plpgsql);
await c.end();
if (admin && !process.env.KEEP && !process.env.REUSE) await admin.query(`DROP DATABASE ${name}`);
await admin?.end();
