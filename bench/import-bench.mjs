// 导入 (issue 23): how long import_news takes and what it costs the rest of the server. The built
// app (server/server.mjs, as `npm start`) on a fresh embedded database — or, with DATABASE_URL, a
// throw-away database on that PostgreSQL server — and a category of 10 fields (标题, 简介 and 8
// dynamic: text, integer, decimal, select, multi-select, datetime, date, text). It prints:
//   - --rows (default 10,000) rows: the dry run's and the commit's time, from the upload to the job's
//     result (targets ≤ 5 s and ≤ 10 s), the commit's write phase (its transaction), and the content
//     list's p50 / p99 / max meanwhile (one caller after the other on the same category during each
//     phase);
//   - --big (default 50,000) rows committed into another category: the server's RSS before and at its
//     peak (sampled every 50 ms; target + 200 MB at most).
//   npx next build && node bench/import-bench.mjs        (--rows N --big N --port P; DATABASE_URL=… for PostgreSQL)
//     --csv   the same rows as a UTF-8 .csv (with BOM) instead of an .xlsx
//     --update   then the --big file again with key=title: every row updates its item (RSS and time)
// Prints figures; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { benchDatabase, field, machine, pct, root, startServer, stopServer } from './harness.mjs';

const require = createRequire(import.meta.url);
const ExcelJS = require(path.join(root, 'node_modules/exceljs'));

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROWS = arg('rows', 10_000);
const BIG = arg('big', 50_000);
const PORT = arg('port', Number(process.env.BENCH_PORT) || 3364);
const FORMAT = process.argv.includes('--csv') ? 'csv' : 'xlsx';
const UPDATE = process.argv.includes('--update');
const PASSWORD = 'Bench-Passw0rd!';
const MB = 1024 * 1024;
const base = `http://127.0.0.1:${PORT}/api/v1/manage`;
const fmt = (value, digits = 1) => value.toFixed(digits);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssOf = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return 0;
  }
};

const ok = async (method, url, { token, body } = {}) => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { 'x-token': token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (json.code !== 200) throw new Error(`${url}: ${json.message}`);
  return json.data;
};

const OPTIONS = [
  { label: '新闻', value: 'news' },
  { label: '公告', value: 'notice' },
  { label: '活动', value: 'event' },
];
const FIELDS = [
  field('f_author', '作者'),
  field('f_count', '数量', { type: 'int' }),
  field('f_price', '价格', { type: 'float' }),
  field('f_kind', '类别', { type: 'select', options: OPTIONS }),
  field('f_tags', '标签', { type: 'mult_select', options: OPTIONS }),
  field('f_at', '时间', { type: 'datetime' }),
  field('f_day', '日期', { type: 'date' }),
  field('f_place', '地点'),
];
const HEADER = ['标题', '简介', '作者', '数量', '价格', '类别', '标签', '时间', '日期', '地点'];

/** Row i of a file: 10 cells, the same for .xlsx and .csv. */
const rowOf = (i, salt, edition = '') => [
  `导入标题 ${salt} 第 ${i} 条：关于某项工作的通知`,
  `这是第 ${i} 条内容的简介，说明这条内容讲了什么。${edition}`,
  `作者${i % 97}`,
  i,
  (i % 1000) / 10,
  OPTIONS[i % 3].label,
  `${OPTIONS[i % 3].label}、${OPTIONS[(i + 1) % 3].label}`,
  `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')} 09:30`,
  `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  `地点${i % 50}`,
];

/**
 * An .xlsx of `rows` rows × 10 columns, written by exceljs's streaming writer; with --csv a UTF-8
 * .csv (with BOM, as Excel saves "CSV UTF-8") of the same rows.
 */
const makeFile = async (rows, salt, edition = '') => {
  const file = path.join(
    os.tmpdir(),
    `cms-import-bench-${process.pid}-${rows}-${salt}${edition ? '-edited' : ''}.${FORMAT}`,
  );
  if (FORMAT === 'csv') {
    const quote = (cell) =>
      /[",\n]/.test(String(cell)) ? `"${String(cell).replaceAll('"', '""')}"` : String(cell);
    const lines = [HEADER.map(quote).join(',')];
    for (let i = 0; i < rows; i += 1) lines.push(rowOf(i, salt, edition).map(quote).join(','));
    fs.writeFileSync(file, `\ufeff${lines.join('\r\n')}\r\n`);
    return file;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = workbook.addWorksheet('内容');
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < rows; i += 1) sheet.addRow(rowOf(i, salt, edition)).commit();
  sheet.commit();
  await workbook.commit();
  return file;
};

/** import_news in background mode, then get_import_status until done: seconds, and the result. */
const runImport = async ({ token, classId, file, mode, onPhase, key }) => {
  const form = new FormData();
  form.set('class_id', String(classId));
  form.set('mode', mode);
  if (key) form.set('key', key);
  if (key) form.set('allow_repeat', '1');
  form.set('background', '1');
  form.set('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  const started = process.hrtime.bigint();
  const response = await fetch(`${base}/news_manage/import_news`, {
    method: 'POST',
    headers: { 'x-token': token },
    body: form,
  });
  const json = await response.json();
  if (json.code !== 200) throw new Error(`import_news: ${json.message}`);
  for (;;) {
    const status = await ok('GET', `/news_manage/get_import_status?job=${json.data.job}`, { token });
    onPhase?.(status.phase);
    if (status.state === 'done')
      return { seconds: Number(process.hrtime.bigint() - started) / 1e9, result: status.result };
    if (status.state === 'failed') throw new Error(`import failed: ${status.error?.message}`);
    await sleep(100);
  }
};

/** The content list called one after the other until `stop()`: latencies in ms. */
const listLoop = (token, classId) => {
  const latencies = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t = process.hrtime.bigint();
      try {
        await ok('GET', `/news_manage/get_news_list?class_id=${classId}&page=1&limit=20`, { token });
      } catch (error) {
        console.log(
          `  list call failed after ${fmt(Number(process.hrtime.bigint() - t) / 1e6)} ms: ${error.cause?.message ?? error.message}`,
        );
        continue;
      }
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  })();
  return async () => {
    running = false;
    await done;
    return [...latencies].sort((a, b) => a - b);
  };
};
/**
 * The write phase: from the last status that was not yet `write` to the result (± the 100 ms poll).
 * Not from the first that said `write`: on PGlite a status call (its session read) waits for the
 * commit's transaction like every other call, so `write` is seen only once it is over.
 */
const writePhase = (started, finished) =>
  `write phase (the commit's transaction): ${fmt(Number(finished - started) / 1e9, 2)} s (± 0.1 s)`;
const describeList = (sorted) =>
  sorted.length
    ? `${sorted.length} list calls, p50 ${fmt(pct(sorted, 50))} ms, p99 ${fmt(pct(sorted, 99))} ms, max ${fmt(sorted[sorted.length - 1])} ms`
    : 'no list call finished';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-import-bench-'));
const db = process.env.DATABASE_URL ? benchDatabase({ prefix: 'cms_import_bench' }) : null;
const files = [];
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
  const category = (name) =>
    ok('POST', '/class_manage/save_class', {
      token,
      body: {
        name,
        class_type: '0',
        key: `k${Math.random().toString(36).slice(2, 8)}`,
        content_fileds: {
          base_set: {
            title: { name: '标题', showlist: 1, isshow: 1 },
            intro: { name: '简介', showlist: 1, isshow: 1 },
          },
          list: FIELDS,
        },
      },
    });
  const { id: classId } = await category('导入基准');
  // A page of items for the list to show while the import runs.
  for (let i = 0; i < 20; i += 1)
    await ok('POST', '/news_manage/save_news_info', {
      token,
      body: { class_id: classId, title: `已有内容 ${i}` },
    });

  const file = await makeFile(ROWS, 'a');
  files.push(file);
  console.log(
    `file: ${ROWS.toLocaleString('en-US')} rows × ${HEADER.length} columns, ${fmt(fs.statSync(file).size / MB)} MB .${FORMAT}`,
  );
  // A warm-up import (a few rows) so each route is loaded and compiled before the timings.
  const warm = await makeFile(50, 'warm');
  files.push(warm);
  await runImport({ token, classId: (await category('预热')).id, file: warm, mode: 'commit' });

  for (const mode of ['dry_run', 'commit']) {
    const stop = listLoop(token, classId);
    let writeStarted = null;
    const { seconds, result } = await runImport({
      token,
      classId,
      file,
      mode,
      onPhase: (phase) => {
        if (phase !== 'write') writeStarted = process.hrtime.bigint();
      },
    });
    const finished = process.hrtime.bigint();
    const sorted = await stop();
    console.log(
      `${mode}: ${fmt(seconds, 2)} s (target ≤ ${mode === 'dry_run' ? 5 : 10} s); created ${result.created}, updated ${result.updated}, errors ${result.errors_total}`,
    );
    if (mode === 'commit' && writeStarted !== null) console.log(`  ${writePhase(writeStarted, finished)}`);
    console.log(`  the list meanwhile: ${describeList(sorted)}`);
    for (const error of result.errors.slice(0, 3))
      console.log(`  row ${error.row} ${error.column}: ${error.message}`);
  }

  if (BIG > 0) {
    const big = await makeFile(BIG, 'b');
    files.push(big);
    const { id: bigClass } = await category('大文件');
    // The 50,000 rows created; with --update the same file again with key=title: every row updates
    // its item with a changed 简介 (the rows' cells are kept until written, as an update can still turn bad).
    const edited = UPDATE ? await makeFile(BIG, 'b', '（已修改）') : null;
    if (edited) files.push(edited);
    for (const key of UPDATE ? [null, 'title'] : [null]) {
      await sleep(2000);
      const baseline = rssOf(server.pid);
      let peak = baseline;
      // The highest RSS before the write phase (reading, checking, preparing) and during it. The
      // phase is seen through get_import_status, whose session check waits for the commit's
      // transaction on PGlite (one connection): there the split is not told (PostgreSQL only).
      const peaks = { read: baseline, write: baseline };
      let phaseNow = 'read';
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const rss = rssOf(server.pid);
          peak = Math.max(peak, rss);
          peaks[phaseNow] = Math.max(peaks[phaseNow], rss);
          await sleep(50);
        }
      })();
      let writeStarted = null;
      const { seconds, result } = await runImport({
        token,
        classId: bigClass,
        file: key ? edited : big,
        mode: 'commit',
        key,
        onPhase: (phase) => {
          if (phase !== 'write') writeStarted = process.hrtime.bigint();
          else phaseNow = 'write';
        },
      });
      const finished = process.hrtime.bigint();
      sampling = false;
      await sampler;
      console.log(
        `${BIG.toLocaleString('en-US')} rows (${fmt(fs.statSync(key ? edited : big).size / MB)} MB) committed${key ? ` by key=${key}` : ''} in ${fmt(seconds, 1)} s, created ${result.created}, updated ${result.updated}: server RSS ${fmt(baseline / MB)} MB before, peak ${fmt(peak / MB)} MB (+${fmt((peak - baseline) / MB)} MB; target ≤ +200 MB)`,
      );
      if (writeStarted !== null) console.log(`  ${writePhase(writeStarted, finished)}`);
      if (db)
        console.log(
          `  RSS peak before the write phase +${fmt((peaks.read - baseline) / MB)} MB, during it +${fmt((peaks.write - baseline) / MB)} MB`,
        );
    }
  }
} finally {
  await stopServer(server);
  for (const file of files) fs.rmSync(file, { force: true });
  fs.rmSync(dir, { recursive: true, force: true });
  if (db) await db.admin(`DROP DATABASE IF EXISTS "${db.name}" WITH (FORCE)`);
}
