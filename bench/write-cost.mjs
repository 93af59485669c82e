// What a save and a create cost in SQL, and how much of it is the revision (issue 22): the statements
// the app sends (lib/news/update-news.ts, create-news.ts: the row and its 操作日志 entry; with
// `+ revision`, its revision through cms_news_save_revision as savedRevisionCte writes it), one
// client, a fresh database of ITEMS items, synchronous_commit off. Each figure is CPU time per
// statement: PostgreSQL's backend (/proc/<pid>/schedstat: the server runs on this machine), or this
// process for PGlite (in-process, its statements planned on every call as the app's are there) —
// steadier than wall time on a shared machine. Variants run in small blocks in turn (BLOCK
// statements each, order rotated every round, ROUNDS rounds) and each figure is the mean, so the
// machine's drift falls on all of them alike.
//
//   DATABASE_URL=postgresql://root@127.0.0.1:5432/test node bench/write-cost.mjs
//   PGLITE=1 node bench/write-cost.mjs
//   env: ITEMS (100000) BLOCK (40) ROUNDS (60) KINDS (save,create) CONTENT_CHARS (0: the created
//   item's content length) AT_KEEP=1 (the saved items start with revision_keep revisions each, so
//   every save also removes its oldest — and every 8th revision of an item deletes the rows removed,
//   migration 20261209000000 — as a much-edited item's does)
import fs from 'node:fs';
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
const BLOCK = Number(process.env.BLOCK || 40);
const ROUNDS = Number(process.env.ROUNDS || 60);
const KEEP = 50;
// The saves go to the first SAVED items, so that they have revisions (and, with AT_KEEP, prune).
const SAVED = 1000;
const PGLITE = process.env.PGLITE === '1';
const name = `cms_wcost_${Math.random().toString(16).slice(2, 10)}`;
let admin = null;
let c;
if (PGLITE) {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite();
  c = {
    query: (q, values) => (typeof q === 'string' ? pglite.query(q, values) : pglite.query(q.text, q.values)),
    exec: (text) => pglite.exec(text),
    end: () => pglite.close(),
  };
} else {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
}
const exec = (text) => (c.exec ? c.exec(text) : c.query(text));
await applyMigrations({
  runner: { query: async (s, p) => (await c.query(s, p)).rows, exec: async (s) => void (await exec(s)) },
});
// A revision's texts are stored when a change replaces them, by news' update trigger
// (migration 20261207000000_lazy_revision_texts): part of the revision's cost, so the variants
// without a revision switch it off for their blocks (`cms.bench_no_texts`, read only by this copy).
{
  const migration = fs.readFileSync(
    path.join(root, 'prisma/migrations/20261207000000_lazy_revision_texts/migration.sql'),
    'utf8',
  );
  const start = migration.indexOf('CREATE OR REPLACE FUNCTION cms_news_count_update()');
  const trigger = migration.slice(start, migration.indexOf('END $$;', start) + 'END $$;'.length);
  const guarded = trigger.replace(
    'IF one.texts_left THEN',
    "IF one.texts_left AND current_setting('cms.bench_no_texts', true) IS DISTINCT FROM 'on' THEN",
  );
  if (guarded === trigger) throw new Error('the update trigger no longer stores texts as this bench expects');
  await exec(guarded);
}
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
const {
  rows: [{ min, cls }],
} = await c.query('SELECT min(id) AS min, min(class_id) AS cls FROM news');
if (process.env.AT_KEEP) {
  // revision_keep revisions for each saved item, their texts stored, as if edited that often, and
  // 0–7 more removed ones whose rows wait (by id: the saves then reach a multiple of 8, when the rows
  // removed are deleted, as often as a much-edited item's do — one save in 8).
  await c.query(`INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id, pruned_to)
    SELECT n.id, g, 'update', 1, 'admin', ARRAY['title'], '{}'::jsonb, md5(n.content), md5(n.fields::text), n.class_id, GREATEST(g - ${KEEP}, 0)
    FROM news n CROSS JOIN LATERAL generate_series(1, ${KEEP} + n.id % 8) g WHERE n.id < ${min + SAVED}`);
  await c.query(`INSERT INTO news_revision_text (news_id, hash, body)
    SELECT n.id, md5(n.content), n.content FROM news n WHERE n.id < ${min + SAVED}
    UNION SELECT n.id, md5(n.fields::text), n.fields::text FROM news n WHERE n.id < ${min + SAVED}`);
}
await c.query('VACUUM ANALYZE');
await c.query('SET synchronous_commit = off');

// As the app writes it (savedRevisionCte: the changed keys from the app; the answer reads the CTE,
// which runs only when read). 'none' passes revision_keep's default (no settings row of that key).
const ARGS = {
  update: `ARRAY['title']::text[], ARRAY['price', 'source', 'status']::text[], 1, 'admin', 'none', ${KEEP}`,
  create: `ARRAY['class_id', 'title', 'short_title', 'intro', 'hr_type', 'old_class', 'is_lock', 'process', 'new_time', 'content']::text[], NULL, 1, 'admin', 'none', ${KEEP}`,
};
const REV = (from, action) => `,
  rev_written AS (SELECT s.id, cms_news_save_revision(s::news, '${action}', ${ARGS[action]}) AS rev FROM ${from} AS s)`;
// The floor of any revision: its row alone (number, small columns, hashes), inserted by the
// statement without the function, storing no text and pruning nothing.
const ROW = (from, action) => `,
  rev_written AS (
    INSERT INTO news_revision (news_id, rev, action, user_id, user_name, changed, columns, content_hash, fields_hash, class_id)
    SELECT s.id, COALESCE((SELECT max(r.rev) FROM news_revision r WHERE r.news_id = s.id), 0) + 1, '${action}', 1, 'admin',
      ARRAY['title']::text[], jsonb_build_object('class_id', s.class_id, 'title', s.title, 'short_title', s.short_title,
        'intro', s.intro, 'hr_type', s.hr_type, 'old_class', s.old_class, 'is_lock', s.is_lock, 'process', s.process,
        'new_time', s.new_time, 'created_at', s.created_at, 'updated_at', s.updated_at),
      md5(s.content), md5(s.fields::text), s.class_id FROM ${from} s RETURNING news_id AS id)`;
const revisionOf = { none: () => '', revision: REV, row: ROW };
const save = (
  variant,
) => `WITH changed AS (UPDATE news SET title = $2, fields = $3::jsonb, updated_by = 1, updated_at = now()
    WHERE id = $1 AND NOT is_lock RETURNING *),
  logged AS (INSERT INTO audit_log (user_id, username, ip, action, target_type, target_id, detail)
    SELECT 1, 'admin', '127.0.0.1', 'update', 'news', $1, $4::jsonb FROM changed)${revisionOf[variant]('changed', 'update')}
  SELECT id FROM ${variant === 'none' ? 'changed' : 'rev_written'}`;
const create = (
  variant,
) => `WITH cat AS (SELECT c.id, c.name, md5(c.class_type || c.content_fileds::text) AS stamp FROM news_class c WHERE c.id = $1),
  created AS (INSERT INTO news (class_id, title, short_title, intro, content, hr_type, process, new_time, fields, created_by, updated_by, updated_at)
    SELECT cat.id, $2, '', '', $5, '', 0, now(), $3::jsonb, 1, 1, now() FROM cat RETURNING *),
  logged AS (INSERT INTO audit_log (user_id, username, ip, action, target_type, target_id, detail)
    SELECT 1, 'admin', '127.0.0.1', 'create', 'news', created.id, $4::jsonb FROM created, cat)${revisionOf[variant]('created', 'create')}
  SELECT (SELECT stamp FROM cat) AS stamp, (SELECT id FROM ${variant === 'none' ? 'created' : 'rev_written'}) AS id`;
// With AT_KEEP the floor is left out: it adds revisions without pruning (nor pruned_to), so the next
// save with a revision would find two beyond revision_keep (a lowered keep's path) instead of one.
const VARIANTS = [
  ['no revision', 'none'],
  ['+ revision (now)', 'revision'],
  ['+ its row alone (floor)', 'row'],
].filter(([, variant]) => !(process.env.AT_KEEP && variant === 'row'));
const CONTENT = '<p>' + '内容文字'.repeat(Number(process.env.CONTENT_CHARS || 0) / 4) + '</p>';
const fieldsJson = JSON.stringify({ source: '基准', status: 'pub', price: 1.5 });
const backend = PGLITE ? null : (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
/** CPU time so far, ns: the backend's (PostgreSQL) or this process's (PGlite). */
const cpuNs = () => {
  if (backend) return Number(fs.readFileSync(`/proc/${backend}/schedstat`, 'utf8').split(' ')[0]);
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
};
const totals = {};
const runBlock = async (kind, [label, variant]) => {
  const text = kind === 'save' ? save(variant) : create(variant);
  await exec(`SET cms.bench_no_texts = ${variant === 'revision' ? 'off' : 'on'}`);
  const start = cpuNs();
  for (let i = 0; i < BLOCK; i++) {
    const values =
      kind === 'save'
        ? [
            min + Math.floor(Math.random() * SAVED),
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
    await c.query({ name: `${kind}-${variant}`, text, values });
  }
  const total = ((totals[kind] ??= {})[label] ??= { ns: 0, n: 0 });
  total.ns += cpuNs() - start;
  total.n += BLOCK;
};
const kinds = (process.env.KINDS || 'save,create').split(',');
const round = async (r) => {
  const order = VARIANTS.map((_, i) => VARIANTS[(i + r) % VARIANTS.length]);
  for (const kind of kinds) for (const variant of order) await runBlock(kind, variant);
};
for (let r = 0; r < 3; r++) await round(r); // warm-up: plans, caches
// Statistics with revisions in the table (and the cached plans made again from them): analysed
// while it was empty, the writer's read of an item's last revision is planned as a scan of the
// whole table, and every statement pays for the table's growth.
await c.query('VACUUM ANALYZE news_revision, news_revision_text');
for (let r = 0; r < 3; r++) await round(r);
for (const kind of kinds) totals[kind] = {};
for (let r = 0; r < ROUNDS; r++) await round(r);
console.log(
  `${PGLITE ? 'PGlite (this process)' : 'PostgreSQL (the backend)'}: CPU µs per statement, mean of ${ROUNDS} rounds × ${BLOCK}` +
    `${process.env.AT_KEEP ? `; saved items at revision_keep (${KEEP}): every save removes its oldest` : ''}`,
);
for (const kind of kinds) {
  const base = totals[kind]['no revision'];
  const us = ({ ns, n }) => ns / n / 1000;
  console.log(`${kind}:`);
  for (const [label] of VARIANTS) {
    const m = us(totals[kind][label]);
    const extra = m - us(base);
    console.log(
      `  ${label.padEnd(26)} ${m.toFixed(0).padStart(6)}  (${extra >= 0 ? '+' : ''}${extra.toFixed(0)})`,
    );
  }
}
await c.end();
if (admin) {
  await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
}
