// What 历史版本 costs on disk (issue 22): items created and edited through the built server on
// PostgreSQL, with the size of the revision tables (heap, TOAST and indexes) read after each phase.
//
//   DATABASE_URL=postgresql://root@127.0.0.1:5432/test node bench/revision-storage.mjs [--items 300] [--edits 20] [--chars 680]
//
// Phases: --items items created with an article of --chars characters (6 dynamic fields besides), then
// article edits (a paragraph of the content rewritten) and title-only edits, alternating, until each
// item has had --edits edits. It prints the bytes per revision of each kind, the tables' total, and
// that total extrapolated to 100,000 items × 20 edits (linear: revisions are per item). The
// database's own compression (TOAST, pglz) applies, as it would in production. Sizes are what
// PostgreSQL reports (pg_total_relation_size), after a VACUUM so that dead tuples do not count.
import pg from 'pg';
import { arg, benchDatabase, field, machine, startServer, stopServer } from './harness.mjs';

const ITEMS = Number(arg('items', 300));
const EDITS = Number(arg('edits', 20));
// Characters per article: 680 ideographs are about 2 KB in UTF-8 (the "2 KB article").
const CHARS = Number(arg('chars', 680));
const PORT = Number(process.env.BENCH_PORT || 3297);
const PASSWORD = 'Revision-pass-123';
const CONCURRENCY = 8;

const db = benchDatabase({ prefix: 'cms_revstore', reuse: null });
const api = (name) => `http://127.0.0.1:${PORT}/api/v1/manage/${name}`;

const call = async (name, token, body) => {
  const response = await fetch(api(name), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 200) throw new Error(`${name}: ${answer.code} ${answer.message}`);
  return answer.data;
};

// An article of --chars characters in ten paragraphs, drawn at random (seeded) from 600
// ideographs: less repetitive than real prose, so compression (TOAST's pglz) helps it less — a
// figure on the safe side. `version` rewrites one paragraph.
const IDEOGRAPHS = Array.from({ length: 600 }, (_, i) => String.fromCodePoint(0x4e00 + i * 7));
const mulberry32 = (seed) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const paragraph = (seed) => {
  const random = mulberry32(seed);
  return Array.from(
    { length: Math.ceil(CHARS / 10) },
    () => IDEOGRAPHS[Math.floor(random() * IDEOGRAPHS.length)],
  ).join('');
};
const article = (item, version = 0) =>
  Array.from({ length: 10 }, (_, index) => {
    const edited = index === version % 10 && version > 0;
    return `<p>${paragraph(item * 1000 + index * 37 + (edited ? version * 100_003 : 0))}</p>`;
  }).join('');

const inParallel = async (count, work) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
};

const sizes = async (client) => {
  await client.query('VACUUM news_revision, news_revision_text');
  const { rows } = await client.query(`
    SELECT pg_total_relation_size('news_revision')::bigint AS revisions,
           pg_total_relation_size('news_revision_text')::bigint AS texts,
           (SELECT count(*) FROM news_revision)::int AS count`);
  return { revisions: Number(rows[0].revisions), texts: Number(rows[0].texts), count: rows[0].count };
};
const total = (size) => size.revisions + size.texts;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

await db.admin(`CREATE DATABASE "${db.name}"`);
const server = await startServer({ port: PORT, databaseUrl: db.url, password: PASSWORD });
const client = new pg.Client({ connectionString: db.url });
try {
  await client.connect();
  const { token } = await call('login/login', null, { username: 'admin', password: PASSWORD });
  const { id: classId } = await call('class_manage/save_class', token, {
    name: '存储',
    key: `revstore_${Date.now()}`,
    class_type: '0',
    content_fileds: {
      list: [
        field('source', '来源'),
        field('author', '作者'),
        field('memo', '备注', { type: 'mult_string' }),
        field('price', '价格', { type: 'float' }),
        field('day', '日期', { type: 'date' }),
        field('tags', '标签', { type: 'mult_select', options: [{ label: '要闻', value: 'hot' }] }),
      ],
    },
  });
  const base = (i) => ({
    class_id: classId,
    source: '宣传部',
    author: `作者${i}`,
    memo: '这是一段备注文字，用于说明这条内容的来历。',
    price: 12.5,
    day: 1767225600,
    tags: ['hot'],
  });

  const empty = await sizes(client);
  const ids = new Array(ITEMS);
  await inParallel(ITEMS, async (i) => {
    ids[i] = (
      await call('news_manage/save_news_info', token, { ...base(i), title: `通知 ${i}`, content: article(i) })
    ).id;
  });
  const created = await sizes(client);

  const phases = { article: [], title: [] };
  for (let edit = 1; edit <= EDITS; edit += 1) {
    const kind = edit % 2 === 1 ? 'article' : 'title';
    const before = await sizes(client);
    await inParallel(ITEMS, async (i) =>
      call('news_manage/save_news_info', token, {
        id: ids[i],
        ...base(i),
        title: kind === 'title' ? `通知 ${i}（第 ${edit} 次修改）` : `通知 ${i}`,
        content: article(i, kind === 'article' ? edit : edit - 1),
      }),
    );
    const after = await sizes(client);
    phases[kind].push((total(after) - total(before)) / ITEMS);
  }
  const end = await sizes(client);
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  const perItem = (total(end) - total(empty)) / ITEMS;
  console.log(`revision storage on PostgreSQL (${machine()})`);
  console.log(`  ${ITEMS} items × ${EDITS} edits: ${end.count} revisions`);
  console.log(`  first revision (create):   ${kb((total(created) - total(empty)) / ITEMS)} per item`);
  console.log(`  article edit (1 paragraph): ${kb(mean(phases.article))} per revision`);
  console.log(`  title-only edit:            ${kb(mean(phases.title))} per revision`);
  console.log(
    `  tables: news_revision ${kb(end.revisions)}, news_revision_text ${kb(end.texts)} (${kb(perItem)} per item)`,
  );
  const extrapolated = (perItem * 100_000 * (20 / EDITS)) / 1024 ** 3;
  console.log(`  100,000 items × 20 such edits: ≈ ${extrapolated.toFixed(2)} GiB (linear)`);
} finally {
  await client.end().catch(() => {});
  await stopServer(server);
  await db.admin(`DROP DATABASE IF EXISTS "${db.name}" WITH (FORCE)`).catch(() => {});
}
