// Moves a share of a kept news-bench database's items into the 回收站 through the API (issue 22: the
// live list, search, last page and by-id must not slow down with 10 % of the items in the bin).
//
//   DATABASE_URL=postgresql://root@127.0.0.1:5432/test node bench/news-bench.mjs --keep      (prints the database)
//   DATABASE_URL=… node bench/bin-share.mjs --db NAME [--share 0.1]
//   DATABASE_URL=… node bench/news-bench.mjs --db NAME                                       (the same cases again)
//
// It serves the built app on that database, signs in, and deletes every 1/share-th item of each
// category (by id: spread over every category and every page) with del_news, 1,000 ids a call —
// the path an editor's batch delete takes (each item moved to the bin with its revision and its
// 操作日志 entry). Then it prints how many items the bin holds and how long it took. The PGlite
// folder of `news-bench --pglite --keep` works too (`--pglite --db DIR`).
import path from 'node:path';
import { arg, benchDatabase, ms, openDataClient, root, startServer, stopServer } from './harness.mjs';

const PGLITE = process.argv.includes('--pglite');
const NAME = arg('db', null);
const SHARE = Number(arg('share', 0.1));
const PORT = Number(process.env.BENCH_PORT || 3299);
const PASSWORD = process.env.BENCH_PASSWORD || 'Bench-pass-123';
if (!NAME || !(SHARE > 0 && SHARE <= 0.5)) {
  console.error('usage: node bench/bin-share.mjs --db NAME [--share 0.1 (at most 0.5)] [--pglite]');
  process.exit(2);
}
const db = PGLITE ? null : benchDatabase({ prefix: 'cms_bench', reuse: NAME });
const pgliteDir = PGLITE ? path.resolve(root, NAME) : undefined;

const api = async (method, url, { token, body } = {}) => {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/manage/${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (json.code !== 200) throw new Error(`${url}: ${json.code} ${json.message}`);
  return json.data;
};

// The ids to delete, read before the server opens the database (PGlite is one process's).
const client = await openDataClient({ url: db?.url, pgliteDir });
const every = Math.round(1 / SHARE);
const { rows } = await client.query(
  `SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY class_id ORDER BY id) AS n FROM news) t
   WHERE n % $1 = 0 ORDER BY id`,
  [every],
);
const ids = rows.map((row) => row.id);
await client.end();

const server = await startServer({ port: PORT, databaseUrl: db?.url, pgliteDir, password: PASSWORD });
try {
  const { token } = await api('POST', 'login/login', { body: { username: 'admin', password: PASSWORD } });
  const started = process.hrtime.bigint();
  for (let at = 0; at < ids.length; at += 1000) {
    await api('DELETE', 'news_manage/del_news', { token, body: { ids: ids.slice(at, at + 1000) } });
    if ((at / 1000) % 10 === 9)
      console.log(`  ${(at + 1000).toLocaleString('en-US')} of ${ids.length.toLocaleString('en-US')}…`);
  }
  const seconds = ms(started) / 1000;
  const bin = await api('GET', 'news_manage/get_recycle_list?page=1&limit=1', { token });
  console.log(
    `moved ${ids.length.toLocaleString('en-US')} items (every ${every}th of each category) to the 回收站 in ${seconds.toFixed(1)} s; the bin holds ${bin.total.toLocaleString('en-US')}`,
  );
} finally {
  await stopServer(server);
}
