// 操作日志 benchmark: fills a fresh PostgreSQL database (on the server of DATABASE_URL) with N
// audit entries spread over two years, serves the built app on it, and drives get_log_list over
// HTTP: the first page, a deep page, each filter alone, and a filter new on every call (counted).
// Prints req/s, p50 and p99 with 10 connections, the p50 from one connection, and the page
// statement's own time (EXPLAIN ANALYZE; for a deep page, the read from its kept position).
//
//   DATABASE_URL=postgresql://root@127.0.0.1:5432/test node bench/audit-log-bench.mjs [--entries 1000000] [--seconds 10]
//     --keep        leave the filled database in place (its name is printed)
//     --db NAME     reuse a database kept by an earlier run instead of filling a new one (kept too)
//     --only a,b    run only the cases whose names contain one of these words
//
// Needs a production build (`npx next build`); builds one if missing. Prints figures; asserts nothing.
import pg from 'pg';
import { arg, benchDatabase, httpClient, machine, median, ms, startServer, stopGroup } from './harness.mjs';

const ENTRIES = Number(arg('entries', 1_000_000));
const SECONDS = Number(arg('seconds', 10));
const REUSE = arg('db', null);
const KEEP = REUSE !== null || process.argv.includes('--keep');
const ONLY = arg('only', '').split(',').filter(Boolean);
const CONNECTIONS = 10;
const PORT = Number(process.env.BENCH_PORT || 3297);
const PASSWORD = 'Bench-pass-123';
const USERS = 50;
const DAYS = 730;

const db = benchDatabase({ prefix: 'cms_audit_bench', reuse: REUSE });

// Actions by weight, roughly as a content team's log would hold them: mostly item edits.
const ACTIONS = [
  ['update', 55],
  ['create', 15],
  ['login', 10],
  ['delete', 5],
  ['logout', 5],
  ['move', 3],
  ['upload', 3],
  ['lock', 1],
  ['unlock', 1],
  ['login_failed', 1],
  ['sort', 1],
];
const TARGET_OF = {
  update: 'news',
  create: 'news',
  delete: 'news',
  move: 'news',
  lock: 'news',
  unlock: 'news',
  sort: 'class',
  upload: 'file',
  login: 'user',
  logout: 'user',
  login_failed: 'user',
};

/** 1..100 → an action, so that `g % 100` spreads the weights over the rows. */
const actionCase = () => {
  let upTo = 0;
  const arms = ACTIONS.map(([action, weight]) => {
    upTo += weight;
    return `WHEN g % 100 < ${upTo} THEN '${action}'`;
  });
  return `CASE ${arms.join(' ')} END`;
};

const fill = async (client) => {
  const started = process.hrtime.bigint();
  const chunk = 100_000;
  const targets = `jsonb_build_object(${Object.entries(TARGET_OF)
    .map(([action, target]) => `'${action}', '${target}'`)
    .join(', ')})`;
  for (let done = 0; done < ENTRIES; done += chunk) {
    const count = Math.min(chunk, ENTRIES - done);
    // Entry g is (ENTRIES - g) steps of two years / ENTRIES old, the newest ten minutes ago.
    await client.query(`
      INSERT INTO audit_log (user_id, username, ip, action, target_type, target_id, detail, created_at)
      SELECT u, 'editor' || u, '10.0.' || (u % 250) || '.' || (g % 250), a.action, ${targets} ->> a.action,
             (1 + (g::bigint * 7919) % 200000)::int,
             CASE WHEN a.action = 'update'
               THEN jsonb_build_object('name', '标题' || g, 'changes', jsonb_build_object('title', jsonb_build_object('from', '旧标题' || g, 'to', '新标题' || g)))
               ELSE jsonb_build_object('name', '标题' || g) END,
             now() - interval '10 minutes' - make_interval(secs => (${ENTRIES} - g)::float8 * ${(DAYS * 86_400) / ENTRIES})
      FROM generate_series(${done + 1}, ${done + count}) g,
           LATERAL (SELECT 1 + (g * 31) % ${USERS} AS u) users,
           LATERAL (SELECT ${actionCase()} AS action) a`);
    process.stdout.write(`\r  inserted ${(done + count).toLocaleString()} / ${ENTRIES.toLocaleString()}`);
  }
  const inserted = ms(started);
  const vacuumStart = process.hrtime.bigint();
  await client.query('VACUUM ANALYZE audit_log');
  await client
    .query('CHECKPOINT')
    .catch(() => console.log('  (CHECKPOINT needs a superuser or pg_checkpoint; skipped)'));
  console.log(
    `\n  rows in ${(inserted / 1000).toFixed(1)} s, vacuum in ${(ms(vacuumStart) / 1000).toFixed(1)} s`,
  );
};

// The page statement of lib/audit/find-audit-log.ts with a kept total (the usual call): the count
// of what settled since the last call, and the page.
const PAGE_SQL = (where) => `
  WITH horizon AS (SELECT now() - interval '5 minutes' AS until),
  counted AS (
    SELECT count(*) FILTER (WHERE a.created_at < h.until)::int AS settled_count,
           count(*) FILTER (WHERE a.created_at >= h.until)::int AS fresh_count
    FROM audit_log a, horizon h WHERE ${where} AND a.created_at >= now() - interval '6 minutes')
  SELECT h.until, c.settled_count, c.fresh_count, p.*
  FROM horizon h CROSS JOIN counted c
  LEFT JOIN LATERAL (
    SELECT e.id::text, e.user_id, e.username, e.action, e.target_type, e.target_id, e.ip, e.detail, e.created_at
    FROM (SELECT a.id FROM audit_log a WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT $1 OFFSET $2) AS page
    JOIN audit_log e ON e.id = page.id) AS p ON true
  ORDER BY p.created_at DESC, p.id DESC`;
// A deeper page (offset 1,000 or more) counts first, then reads from a kept position at most
// 1,000 entries above it (lib/audit/log-boundaries.ts): here one 500 above, the average.
const DEEP_SQL = (where) => `
  SELECT e.id::text, e.user_id, e.username, e.action, e.target_type, e.target_id, e.ip, e.detail, e.created_at
  FROM (SELECT a.id FROM audit_log a WHERE ${where} AND (a.created_at, a.id) <= ($3::timestamptz, $4::bigint)
        ORDER BY a.created_at DESC, a.id DESC LIMIT $1 OFFSET $2) AS page
  JOIN audit_log e ON e.id = page.id ORDER BY e.created_at DESC, e.id DESC`;

/** The page statement as the app sends it for this case, with its values. */
const statementOf = async (client, { where, offset }) => {
  if (offset < 1000) return [PAGE_SQL(where), [20, offset]];
  const {
    rows: [key],
  } = await client.query(
    `SELECT created_at, id FROM audit_log a WHERE ${where} ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
    [offset - 500],
  );
  return [DEEP_SQL(where), [20, 500, key.created_at, key.id]];
};

const explainMs = async (client, sql, params) => {
  const runs = [];
  for (let i = 0; i < 15; i += 1) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
    const plan = rows[0]['QUERY PLAN'][0];
    runs.push(plan['Execution Time'] + plan['Planning Time']);
  }
  return median(runs.slice(3));
};

const main = async () => {
  console.log(
    `database ${db.name} on ${db.host}; ${ENTRIES.toLocaleString()} entries over ${DAYS} days; ${CONNECTIONS} connections, ${SECONDS} s per case`,
  );
  if (!REUSE) await db.admin(`CREATE DATABASE "${db.name}"`);
  const { request, load, close } = httpClient({ port: PORT, connections: CONNECTIONS });
  const client = new pg.Client({ connectionString: db.url });
  let server;
  try {
    server = await startServer({ port: PORT, databaseUrl: db.url, password: PASSWORD });
    await client.connect();
    if (!REUSE) {
      console.log('filling…');
      await fill(client);
    }
    const {
      data: { token },
    } = await request('POST', '/api/v1/manage/login/login', {
      body: { username: 'admin', password: PASSWORD },
    });
    const list = (query) =>
      request('GET', `/api/v1/manage/system_set/get_log_list?${new URLSearchParams(query)}`, { token });
    const day = 86_400;
    const now = Math.floor(Date.now() / 1000);
    const monthStart = now - 400 * day;
    const cases = [
      { name: 'page 1, no filter', query: { page: 1, limit: 20 }, where: 'TRUE', offset: 0 },
      { name: 'page 10,000, no filter', query: { page: 10_000, limit: 20 }, where: 'TRUE', offset: 199_980 },
      {
        name: 'user (1 of 50), page 1',
        query: { page: 1, limit: 20, user: 'Editor7' },
        where: "lower(a.username) = lower('Editor7')",
        offset: 0,
      },
      {
        name: 'user, page 500',
        query: { page: 500, limit: 20, user: 'Editor7' },
        where: "lower(a.username) = lower('Editor7')",
        offset: 9_980,
      },
      {
        name: 'action 删除 (5 %), page 1',
        query: { page: 1, limit: 20, action: 'delete' },
        where: "a.action = 'delete'",
        offset: 0,
      },
      {
        name: 'target 文件 (3 %), page 1',
        query: { page: 1, limit: 20, target: 'file' },
        where: "a.target_type = 'file'",
        offset: 0,
      },
      {
        name: 'one month, page 1',
        query: { page: 1, limit: 20, start: monthStart, end: monthStart + 30 * day },
        where: `a.created_at >= to_timestamp(${monthStart}) AND a.created_at < to_timestamp(${monthStart + 30 * day + 1})`,
        offset: 0,
      },
      {
        name: 'user + action + month, page 1',
        query: {
          page: 1,
          limit: 20,
          user: 'editor7',
          action: 'update',
          start: monthStart,
          end: monthStart + 30 * day,
        },
        where: `lower(a.username) = 'editor7' AND a.action = 'update' AND a.created_at >= to_timestamp(${monthStart}) AND a.created_at < to_timestamp(${monthStart + 30 * day + 1})`,
        offset: 0,
      },
      {
        // A date range not seen before on every call: its total is counted in full each time.
        name: 'a new week each call (counted)',
        query: () => {
          const start = now - Math.floor(Math.random() * 700) * day - Math.floor(Math.random() * day);
          return { page: 1, limit: 20, start, end: start + 7 * day };
        },
      },
      {
        name: 'a new user each call (counted)',
        query: () => ({
          page: 1,
          limit: 20,
          user: `editor${1 + Math.floor(Math.random() * USERS)}`,
          start: now - Math.floor(Math.random() * 700 * day),
        }),
      },
    ];
    const chosen = cases.filter((c) => !ONLY.length || ONLY.some((word) => c.name.includes(word)));
    const run = (testCase) => () =>
      list(typeof testCase.query === 'function' ? testCase.query() : testCase.query);
    // Every case once before any is measured: the first call of a filter counts it in full.
    for (const testCase of chosen) await load(run(testCase), { seconds: 1 });
    const results = [];
    for (const testCase of chosen) {
      const figures = await load(run(testCase), { seconds: SECONDS });
      const alone = await load(run(testCase), { concurrency: 1, seconds: Math.max(2, SECONDS / 2) });
      const sqlMs = testCase.where
        ? (await explainMs(client, ...(await statementOf(client, testCase)))).toFixed(2)
        : '—';
      const total = (await run(testCase)()).data.total;
      results.push({
        case: testCase.name,
        total: total.toLocaleString(),
        'req/s': figures.rps.toFixed(0),
        'p50 ms': figures.p50.toFixed(2),
        'p99 ms': figures.p99.toFixed(2),
        '1-conn p50': alone.p50.toFixed(2),
        'SQL ms': sqlMs,
      });
      console.log(
        `  ${testCase.name}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(2)} ms; one connection p50 ${alone.p50.toFixed(2)} ms; SQL ${sqlMs} ms`,
      );
    }
    console.table(results);
    console.log(machine());
  } finally {
    await client.end().catch(() => {});
    stopGroup(server);
    close();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (KEEP) console.log(`kept database ${db.name}`);
    else await db.admin(`DROP DATABASE IF EXISTS "${db.name}" WITH (FORCE)`);
  }
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
