// What one item's process records cost everybody else: the built app (server/server.mjs, as
// `npm start`) on a fresh embedded database — or, with DATABASE_URL, a throw-away database on that
// PostgreSQL server — and one item filled with --records records (default 1,000, the per-item cap),
// each as large as save_process takes (a 200-character title, a 5,000-character remark, 20
// attachments). Each round fires --parallel get_process_list calls without `page` at once while
// another client calls login/info one after the other; it prints the size of one answer, the
// server's RSS before and at its peak during the rounds, and login/info's latency meanwhile.
//   npx next build && node bench/process-list-bench.mjs     (--records N --parallel N --rounds R --port P)
// NEXT_DIST_DIR=<another build folder> measures that build (e.g. one made before the cap: seeding
// then stops at the first refused record, and the figures say how many it holds).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, machine, pct, startServer, stopServer } from './harness.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const RECORDS = arg('records', 1000);
const PARALLEL = arg('parallel', 10);
const ROUNDS = arg('rounds', 5);
const PORT = arg('port', Number(process.env.BENCH_PORT) || 3363);
const PASSWORD = 'Bench-Passw0rd!';
const MB = 1024 * 1024;
const base = `http://127.0.0.1:${PORT}/api/v1/manage`;
const STEPS = [
  { title: '受理', value: 1 },
  { title: '审核', value: 2 },
  { title: '办结', value: 3 },
];

const fmt = (value) => value.toFixed(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssOf = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return 0; // gone meanwhile
  }
};

const call = async (method, urlPath, { token, body, query } = {}) => {
  const url = new URL(`${base}${urlPath}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { 'x-token': token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { bytes: Buffer.byteLength(text), answer: JSON.parse(text) };
};
/**
 * The answer's first bytes only (its envelope's code), the rest read and dropped: this client
 * shares the machine's cores with the server, so it does not parse 1.6 MB of JSON per call.
 */
const fetchBytes = async (url, token) => {
  const response = await fetch(url, { headers: { 'x-token': token } });
  const bytes = await response.arrayBuffer();
  return Buffer.from(bytes, 0, 16).toString();
};
const ok = async (...args) => {
  const { answer } = await call(...args);
  if (answer.code !== 200) throw new Error(`${args[1]}: ${answer.message}`);
  return answer.data;
};

/** One type-4 category, one item, and up to RECORDS records on it (stops at a refusal): how many it holds. */
const seed = async (token) => {
  const key = `bench_process_${Date.now()}`;
  const { id: classId } = await ok('POST', '/class_manage/save_class', {
    token,
    body: { name: '流程压测', key, class_type: '4', content_fileds: { list: [], process: STEPS } },
  });
  const { id: newsId } = await ok('POST', '/news_manage/save_news_info', {
    token,
    body: { class_id: classId, title: '记录很多的一件' },
  });
  const remark = '备注'.repeat(2500);
  const attachments = Array.from({ length: 20 }, (_, i) => `/uploads/2026/01/bench-attachment-${i}.pdf`);
  let held = 0;
  let refusal = null;
  const started = performance.now();
  for (let i = 0; i < RECORDS && !refusal; i += 1) {
    const { answer } = await call('POST', '/news_manage/save_process', {
      token,
      body: {
        news_id: newsId,
        process: STEPS[Math.min(i, STEPS.length - 1)].value,
        title: `第 ${i + 1} 条记录`.padEnd(200, '记'),
        time: 1_767_225_600 + i * 60,
        remark,
        attachments,
      },
    });
    if (answer.code === 200) held += 1;
    else refusal = answer.message;
  }
  // One more: refused at the cap (a build without one takes it).
  const extra = refusal
    ? null
    : (
        await call('POST', '/news_manage/save_process', {
          token,
          body: {
            news_id: newsId,
            process: 1,
            title: '多出的一条',
            time: 1_767_225_600,
            remark,
            attachments,
          },
        })
      ).answer;
  if (extra?.code === 200) held += 1;
  return {
    newsId,
    held,
    refusal: refusal ?? (extra?.code === 200 ? null : extra?.message),
    seconds: (performance.now() - started) / 1000,
  };
};

const measure = async ({ pid, token, newsId }) => {
  const one = await call('GET', '/news_manage/get_process_list', { token, query: { id: newsId } });
  const rows = Array.isArray(one.answer.data) ? one.answer.data.length : one.answer.data?.data?.length;
  // Warm-up: the probe's route and the list's, then let the heap settle.
  for (let i = 0; i < 3; i += 1) await call('GET', '/login/info', { token });
  // Alone first: login/info with nothing else running, and one list call at a time.
  const timed = async (count, run) => {
    const times = [];
    for (let i = 0; i < count; i += 1) {
      const at = performance.now();
      await run();
      times.push(performance.now() - at);
    }
    return times.sort((a, b) => a - b);
  };
  const infoAlone = await timed(20, () => call('GET', '/login/info', { token }));
  const listAlone = await timed(5, () =>
    call('GET', '/news_manage/get_process_list', { token, query: { id: newsId } }),
  );
  await sleep(1500);
  let baseline = 0;
  for (let i = 0; i < 10; i += 1, await sleep(50)) baseline += rssOf(pid) / 10;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const probe = [];
  const roundMs = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let isDone = false;
    const started = performance.now();
    const lists = Promise.all(
      Array.from({ length: PARALLEL }, () =>
        fetchBytes(`${base}/news_manage/get_process_list?id=${newsId}`, token),
      ),
    ).then((answers) => {
      isDone = true;
      roundMs.push(performance.now() - started);
      if (answers.some((text) => !text.startsWith('{"code":200'))) throw new Error('a list call failed');
    });
    while (!isDone) {
      const at = performance.now();
      await call('GET', '/login/info', { token });
      probe.push(performance.now() - at);
    }
    await lists;
  }
  clearInterval(sampler);
  probe.sort((a, b) => a - b);
  roundMs.sort((a, b) => a - b);
  return {
    infoAlone: pct(infoAlone, 50),
    listAlone: pct(listAlone, 50),
    rows,
    bytes: one.bytes,
    baseline,
    peak,
    calls: probe.length,
    p50: pct(probe, 50),
    p90: pct(probe, 90),
    p99: pct(probe, 99),
    max: probe[probe.length - 1],
    round: pct(roundMs, 50),
  };
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-process-bench-'));
const db = process.env.DATABASE_URL ? benchDatabase({ prefix: 'cms_process_bench' }) : null;
let server;
try {
  if (db) await db.admin(`CREATE DATABASE "${db.name}"`);
  server = await startServer({
    port: PORT,
    databaseUrl: db?.url,
    pgliteDir: db ? undefined : path.join(dir, 'pglite'),
    password: PASSWORD,
  });
  const { token } = await ok('POST', '/login/login', { body: { username: 'admin', password: PASSWORD } });
  console.log(machine());
  console.log(
    `database: ${db ? `PostgreSQL at ${db.host}` : 'PGlite'}; build: ${process.env.NEXT_DIST_DIR || '.next'}`,
  );
  const seeded = await seed(token);
  console.log(
    `seeded ${seeded.held} records on one item in ${fmt(seeded.seconds)} s` +
      (seeded.refusal ? `; the next was refused: ${seeded.refusal}` : '; none refused'),
  );
  const r = await measure({ pid: server.pid, token, newsId: seeded.newsId });
  console.log(
    `get_process_list without page: ${r.rows} records, ${fmt(r.bytes / MB)} MB per answer, p50 ${fmt(r.listAlone)} ms one at a time; login/info alone p50 ${fmt(r.infoAlone)} ms`,
  );
  console.log(
    `${PARALLEL} parallel calls × ${ROUNDS} rounds (round p50 ${fmt(r.round)} ms): server RSS ${fmt(r.baseline / MB)} MB before, peak ${fmt(r.peak / MB)} MB (+${fmt((r.peak - r.baseline) / MB)} MB)`,
  );
  console.log(
    `login/info meanwhile: ${r.calls} calls, p50 ${fmt(r.p50)} ms, p90 ${fmt(r.p90)} ms, p99 ${fmt(r.p99)} ms, max ${fmt(r.max)} ms (target < 100 ms)`,
  );
} finally {
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
  if (db) await db.admin(`DROP DATABASE IF EXISTS "${db.name}" WITH (FORCE)`);
}
