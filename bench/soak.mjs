// Soak: the built server under a fixed-rate mix of editors' calls for a long time (issue 24).
//
//   node bench/soak.mjs [--minutes 60] [--warmup 30] [--rate 50] [--editors 20] [--items 100000] [--out DIR]
//   DATABASE_URL=postgresql://root@127.0.0.1:5432/test node bench/soak.mjs --pg [--rate 150] …
//     --keep   leave the data (PGlite folder / PostgreSQL database, s3rver's files) in place
//     --inject-lost-writes   before the data check, make three acknowledged writes look lost (below)
//
// PGlite by default (a fresh data folder); --pg: a fresh database on the server of DATABASE_URL and
// the S3 driver on an s3rver started here. It seeds --items items in 20 categories, signs in
// --editors editors (each its own session and, through TRUST_PROXY_HOPS=1, its own address), then
// for --minutes starts calls at --rate per second (open loop: a slow server does not slow the
// schedule; past --max-in-flight, 256, a call is counted as dropped instead) in this mix:
//   lists 60 % (filters, deep pages) · get one 15 % · saves 10 % · creates 5 % · uploads 3 % ·
//   batch moves/deletes 2 % · sign-ins 3 % (a tenth wrong, from one address) · exports 2 %.
// Every minute it prints and writes to soak.csv: the rate achieved, p50/p99 per kind, answers by
// code, and the server's RSS, heap, event-loop delay p99, open handles and sockets (bench/soak-probe.mjs,
// loaded into the server with --import). At the end: the server is stopped with SIGTERM (its exit
// code is reported), the data is checked — every acknowledged create and save present with its
// last acknowledged value (or that of a later call whose answer was lost), no item half written,
// every acknowledged delete in the 回收站, every category's total equal to its rows — and a verdict
// against the issue's targets is printed, with soak.svg (RSS and list p99 per minute). --minutes may
// be a fraction: the last row is then the part of a minute left (0.5: one row of 30 s).
//
// --inject-lost-writes shows that the data check can fail: once the server has exited (PGlite: its
// folder opened here; PostgreSQL: the run's database) it sets one acknowledged save of a seeded item
// back to the seeded values, deletes one acknowledged create outright and takes one acknowledged
// delete out of the 回收站 (bench/soak-data.mjs), prints which items, and the check must name each
// of them and the items + 回收站 count they leave short: `FAIL  data: … 4 problems`.
//
// The first --warmup seconds (default 30) drive the same mix before minute 1: the first calls of each
// kind load and compile their code (an export's workbook library, an upload's image checks), which
// holds the event loop for ~100 ms once. That phase is printed as `warm-up` and its answers count
// for the functional checks (5xx, unexpected 4xx, the data), but its timings are not judged.
//
// The server listens on BENCH_PORT, or on a port free when the run starts.
// Needs a production build (`npx next build`; built if missing). On a shared or busy machine the
// figures say more about the machine than about the app: record the load average with them.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  arg,
  benchDatabase,
  freePort,
  machine,
  openDataClient,
  pct,
  root,
  startS3rver,
  startServer,
  stopServer,
} from './harness.mjs';
import { CATEGORIES, WORDS, injectLostWrites, seed, verifyData } from './soak-data.mjs';

const PG = process.argv.includes('--pg');
const MINUTES = Number(arg('minutes', 60));
const WARMUP_SECONDS = Number(arg('warmup', 30));
const RATE = Number(arg('rate', PG ? 150 : 50));
const EDITORS = Number(arg('editors', 20));
const ITEMS = Number(arg('items', 100_000));
const MAX_IN_FLIGHT = Number(arg('max-in-flight', 256));
const KEEP = process.argv.includes('--keep');
const INJECT_LOST_WRITES = process.argv.includes('--inject-lost-writes');
const PORT = Number(process.env.BENCH_PORT) || (await freePort());
const PASSWORD = 'Soak-pass-123';
const CALL_TIMEOUT_MS = 30_000;
const OUT = path.resolve(arg('out', fs.mkdtempSync(path.join(os.tmpdir(), 'cms-soak-'))));
fs.mkdirSync(OUT, { recursive: true });

const MIX = [
  ['list', 60],
  ['get', 15],
  ['save', 10],
  ['create', 5],
  ['upload', 3],
  ['batch', 2],
  ['signin', 3],
  ['export', 2],
];
const KINDS = MIX.map(([kind]) => kind);
const TARGETS = {
  listP99Ms: 100,
  eldP99Ms: 50,
  rssGrowthMb: 30,
};

// ---------- the database and the store ----------
const db = PG ? benchDatabase({ prefix: 'cms_soak', reuse: null }) : null;
const pgliteDir = PG ? null : path.join(OUT, 'pglite');

const withClient = async (work) => {
  const client = await openDataClient({ url: db?.url, pgliteDir });
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};
let s3 = null;

// ---------- HTTP ----------
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One call: resolves { status, code, message, data, ms } (code: the envelope's, or the status for a
 * download), or { status: 0, code: 'timeout' | error code } when it fails on the wire.
 */
const send = (method, urlPath, { token, ip, json, raw, contentType } = {}) =>
  new Promise((resolve) => {
    const started = performance.now();
    const body = json !== undefined ? Buffer.from(JSON.stringify(json)) : raw;
    const headers = {
      ...(token ? { 'x-token': token } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
      ...(body ? { 'content-type': contentType ?? 'application/json', 'content-length': body.length } : {}),
    };
    const done = (result) => resolve({ ...result, ms: performance.now() - started });
    const request = http.request(
      { host: '127.0.0.1', port: PORT, method, path: urlPath, agent, headers },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', (error) => done({ status: 0, code: error.code ?? 'error' }));
        res.on('end', () => {
          const type = String(res.headers['content-type'] ?? '');
          if (!type.includes('json')) return done({ status: res.statusCode, code: res.statusCode, bytes: 0 });
          try {
            const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            done({
              status: res.statusCode,
              code: envelope.code,
              message: envelope.message,
              data: envelope.data,
            });
          } catch {
            done({ status: res.statusCode, code: 'bad-json' });
          }
        });
      },
    );
    request.setTimeout(CALL_TIMEOUT_MS, () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
    );
    request.on('error', (error) => done({ status: 0, code: error.code ?? 'error' }));
    request.end(body);
  });

const api = (name) => `/api/v1/manage/${name}`;
const PNG = Buffer.concat([
  Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000a49444154',
    'hex',
  ),
  Buffer.alloc(12_000, 7),
]);
const BOUNDARY = '----cmssoak';
const uploadBody = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="soak.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  PNG,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

// ---------- what was acknowledged ----------
/**
 * Per item this run wrote to: the last acknowledged state (title, category, whether its create was
 * acknowledged, how many saves, deleted), and what calls sent after it whose answer never came may
 * have left instead (a lost answer is no lost write; a lost write is).
 */
const items = new Map();
const track = (id) => {
  let state = items.get(id);
  if (!state) {
    state = { title: null, classId: null, created: false, saves: 0, deleted: false, maybe: [] };
    items.set(id, state);
  }
  return state;
};
const acknowledged = { creates: 0, unansweredCreates: 0, saves: 0, deletes: 0, moves: 0 };

// ---------- the editors and the mix ----------
let facts;
const editors = [];
const guessIp = '10.20.9.9';
let seq = 0;
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const chooseKind = () => {
  let roll = Math.random() * 100;
  for (const [kind, weight] of MIX) {
    if ((roll -= weight) < 0) return kind;
  }
  return 'list';
};

/** An item of this editor's (ids congruent to its index), not deleted by it. */
const ownItem = (editor) => {
  for (let tries = 0; tries < 20; tries += 1) {
    const id =
      Math.random() < 0.3 && editor.created.length
        ? pick(editor.created)
        : facts.minId +
          editor.index +
          EDITORS * Math.floor((Math.random() * (facts.maxId - facts.minId)) / EDITORS);
    if (id > facts.maxId && !editor.created.includes(id)) continue;
    if (!items.get(id)?.deleted && !editor.pending.has(id)) return id;
  }
  return null;
};
const classOf = (id) => items.get(id)?.classId ?? facts.classOfSeeded(id);

const isOk = (answer) => answer.status === 200 && answer.code === 200;

const actions = {
  list: async (editor) => {
    const classId = pick(facts.classIds);
    const size = Math.ceil(ITEMS / CATEGORIES);
    const roll = Math.random();
    const limit = pick([10, 20]);
    const page =
      roll < 0.7
        ? 1 + Math.floor(Math.random() * 5)
        : 1 + Math.floor(Math.random() * Math.max(1, size / limit));
    const filter = roll > 0.9 ? `&title=${encodeURIComponent(pick(WORDS))}` : '';
    return send(
      'GET',
      `${api('news_manage/get_news_list')}?class_id=${classId}&page=${page}&limit=${limit}${filter}`,
      editor,
    );
  },
  get: async (editor) => {
    const id = ownItem(editor) ?? facts.minId;
    return send('GET', `${api('news_manage/get_news_one')}?id=${id}`, editor);
  },
  save: async (editor) => {
    const id = ownItem(editor);
    if (id === null) return actions.list(editor);
    const n = (seq += 1);
    const title = `改-${editor.index}-${n}`;
    const classId = classOf(id);
    editor.pending.add(id);
    const answer = await send('POST', api('news_manage/save_news_info'), {
      ...editor,
      json: { id, class_id: classId, title, intro: `seq-${n}`, f: `seq-${n}` },
    });
    editor.pending.delete(id);
    const state = track(id);
    if (isOk(answer)) {
      Object.assign(state, { title, classId, saves: state.saves + 1, maybe: [] });
      acknowledged.saves += 1;
    } else if (answer.status === 0) state.maybe.push({ title });
    return answer;
  },
  create: async (editor) => {
    const n = (seq += 1);
    const title = `新-${editor.index}-${n}`;
    const classId = pick(facts.classIds);
    const answer = await send('POST', api('news_manage/save_news_info'), {
      ...editor,
      json: { class_id: classId, title, intro: `seq-${n}`, f: `seq-${n}` },
    });
    if (isOk(answer)) {
      const id = answer.data.id;
      Object.assign(track(id), { title, classId, created: true });
      editor.created.push(id);
      acknowledged.creates += 1;
    } else if (answer.status === 0) acknowledged.unansweredCreates += 1;
    return answer;
  },
  upload: (editor) =>
    send('POST', `${api('news_manage/upload_one_file')}?kind=image`, {
      ...editor,
      raw: uploadBody,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
  batch: async (editor) => {
    const ids = [...new Set(Array.from({ length: 5 }, () => ownItem(editor)).filter((id) => id !== null))];
    if (!ids.length) return actions.list(editor);
    for (const id of ids) editor.pending.add(id);
    let answer;
    if (Math.random() < 0.5) {
      const classId = pick(facts.classIds);
      answer = await send('POST', api('news_manage/move_news'), {
        ...editor,
        json: { ids, class_id: classId },
      });
      for (const id of ids) {
        const state = track(id);
        if (isOk(answer)) Object.assign(state, { classId, maybe: state.maybe.filter((m) => m.title) });
        else if (answer.status === 0) state.maybe.push({ classId });
      }
      if (isOk(answer)) acknowledged.moves += ids.length;
    } else {
      answer = await send('DELETE', api('news_manage/del_news'), {
        ...editor,
        json: { ids: ids.slice(0, 3) },
      });
      for (const id of ids.slice(0, 3)) {
        const state = track(id);
        if (isOk(answer)) state.deleted = true;
        else if (answer.status === 0) state.maybe.push({ deleted: true });
      }
      if (isOk(answer)) acknowledged.deletes += Math.min(3, ids.length);
    }
    for (const id of ids) editor.pending.delete(id);
    return answer;
  },
  // An editor signing in again (a new session beside its working one), or a wrong guess.
  signin: async (editor) => {
    const wrong = Math.random() < 0.1;
    const answer = await send('POST', api('login/login'), {
      ip: wrong ? guessIp : editor.ip,
      json: wrong
        ? { username: `nobody${Math.floor(Math.random() * 1000)}`, password: 'Wrong-pass-1' }
        : { username: editor.username, password: PASSWORD },
    });
    // A wrong password is refused (60204), and after a few from the same address throttled (429).
    if (wrong && (answer.code === 60204 || answer.code === 429)) return { ...answer, refused: true };
    return answer;
  },
  export: (editor) =>
    send(
      'GET',
      `${api('news_manage/export_news')}?class_id=${pick(facts.classIds)}&title=${encodeURIComponent(pick(WORDS) + pick(WORDS))}`,
      editor,
    ),
};

// ---------- per-minute figures ----------
const newBucket = () => ({
  latencies: Object.fromEntries(KINDS.map((kind) => [kind, []])),
  codes: new Map(),
  done: 0,
  dropped: 0,
  errors5xx: 0,
  unexpected: 0,
});
let bucket = newBucket();
const allCodes = new Map();
const record = (kind, answer) => {
  bucket.done += 1;
  bucket.latencies[kind].push(answer.ms);
  const code = answer.refused
    ? `refused ${answer.code}`
    : answer.status === 200
      ? answer.code
      : `${answer.status}/${answer.code}`;
  const key = `${kind} ${code}`;
  if (!(answer.status === 200 && (answer.code === 200 || kind === 'export')) && !answer.refused) {
    bucket.codes.set(key, (bucket.codes.get(key) ?? 0) + 1);
    allCodes.set(key, (allCodes.get(key) ?? 0) + 1);
    if (answer.status >= 500 || answer.status === 0) bucket.errors5xx += 1;
    else bucket.unexpected += 1;
  }
};

const probeFile = path.join(OUT, 'probe.jsonl');
const probeLines = (from) =>
  fs.existsSync(probeFile)
    ? fs
        .readFileSync(probeFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((line) => line.t >= from)
    : [];

const csvFile = path.join(OUT, 'soak.csv');
const CSV_HEAD = [
  'minute',
  'calls_per_s',
  'dropped',
  ...KINDS.flatMap((kind) => [`${kind}_p50_ms`, `${kind}_p99_ms`]),
  'errors_5xx',
  'unexpected_4xx',
  'rss_mb',
  'heap_mb',
  'external_mb',
  'eld_p99_ms',
  'eld_worst_5s_p99_ms',
  'eld_max_ms',
  'handles',
  'sockets',
  'load1',
];
const rows = [];
/** The warm-up's figures: its answers are judged with the rest, its timings are not. */
let warmup = null;
const fmt = (value) => (value === undefined || Number.isNaN(value) ? '' : Number(value).toFixed(1));

/**
 * Closes minute `minute` (0: the warm-up, `seconds` long), started at `from`, whose calls are in
 * `current`, once the probe has answered the SIGUSR2 sent at `markedAt` (closeLater).
 */
const closeMinute = (minute, from, seconds, current, markedAt) => {
  const lines = probeLines(from);
  const probes = lines.filter((line) => !line.mark);
  const mark = lines.find((line) => line.mark && line.t >= markedAt);
  const last = probes.at(-1) ?? {};
  const row = { minute, rate: current.done / seconds, dropped: current.dropped, kinds: {} };
  for (const kind of KINDS) {
    const sorted = current.latencies[kind].sort((a, b) => a - b);
    row.kinds[kind] = { p50: pct(sorted, 50), p99: pct(sorted, 99), n: sorted.length };
  }
  Object.assign(row, {
    errors5xx: current.errors5xx,
    unexpected: current.unexpected,
    rssMb: last.rssMb,
    heapMb: last.heapMb,
    externalMb: last.externalMb,
    // The minute's p99 from the probe's mark; without one (the probe did not answer), the worst window's.
    eldP99Ms: mark?.eldP99Ms ?? Math.max(0, ...probes.map((probe) => probe.eldP99Ms)),
    eldWorst5sMs: Math.max(0, ...probes.map((probe) => probe.eldP99Ms)),
    eldMaxMs: Math.max(0, mark?.eldMaxMs ?? 0, ...probes.map((probe) => probe.eldMaxMs)),
    handles: last.handles,
    sockets: last.sockets,
    load: os.loadavg()[0],
  });
  if (minute === 0) warmup = row;
  else rows.push(row);
  fs.appendFileSync(
    csvFile,
    `${[
      minute,
      fmt(row.rate),
      row.dropped,
      ...KINDS.flatMap((kind) => [fmt(row.kinds[kind].p50), fmt(row.kinds[kind].p99)]),
      row.errors5xx,
      row.unexpected,
      fmt(row.rssMb),
      fmt(row.heapMb),
      fmt(row.externalMb),
      fmt(row.eldP99Ms),
      fmt(row.eldWorst5sMs),
      fmt(row.eldMaxMs),
      row.handles ?? '',
      row.sockets ?? '',
      fmt(row.load),
    ].join(',')}\n`,
  );
  const kinds = KINDS.map((kind) => `${kind} ${fmt(row.kinds[kind].p50)}/${fmt(row.kinds[kind].p99)}`).join(
    ' · ',
  );
  const codes = [...current.codes].map(([code, count]) => `${code}×${count}`).join(', ') || 'none';
  console.log(
    `${minute === 0 ? 'warm-up' : `min ${String(minute).padStart(3)}`}: ${fmt(row.rate)}/s (dropped ${row.dropped}) | p50/p99 ms ${kinds}\n` +
      `         not OK: ${codes} | RSS ${fmt(row.rssMb)} MB heap ${fmt(row.heapMb)} MB external ${fmt(row.externalMb)} MB | event loop p99 ${fmt(row.eldP99Ms)} ms ` +
      `(worst 5 s ${fmt(row.eldWorst5sMs)}, max ${fmt(row.eldMaxMs)}) | handles ${row.handles ?? '?'} sockets ${row.sockets ?? '?'} | load ${fmt(row.load)}`,
  );
};

// ---------- the chart ----------
const writeChart = () => {
  const width = 900;
  const height = 360;
  const pad = 50;
  const series = [
    { name: 'RSS (MB)', values: rows.map((row) => row.rssMb ?? 0), color: '#1565c0' },
    { name: 'list p99 (ms)', values: rows.map((row) => row.kinds.list.p99 ?? 0), color: '#c62828' },
  ];
  const top = Math.max(1, ...series.flatMap((line) => line.values)) * 1.1;
  const x = (i) => pad + (rows.length <= 1 ? 0 : (i * (width - 2 * pad)) / (rows.length - 1));
  const y = (value) => height - pad - (value / top) * (height - 2 * pad);
  const lines = series
    .map(
      (line, n) =>
        `<polyline fill="none" stroke="${line.color}" stroke-width="2" points="${line.values.map((value, i) => `${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(' ')}"/>` +
        `<text x="${pad + 10 + n * 160}" y="20" fill="${line.color}" font-size="13">${line.name}</text>`,
    )
    .join('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="#fff"/>
<line x1="${pad}" y1="${height - pad}" x2="${width - pad}" y2="${height - pad}" stroke="#999"/>
<line x1="${pad}" y1="${pad}" x2="${pad}" y2="${height - pad}" stroke="#999"/>
<text x="${pad}" y="${height - pad + 20}" font-size="12">minute 1</text>
<text x="${width - pad - 60}" y="${height - pad + 20}" font-size="12">minute ${rows.length}</text>
<text x="5" y="${pad}" font-size="12">${top.toFixed(0)}</text>
<text x="5" y="${height - pad}" font-size="12">0</text>
${lines}
</svg>\n`;
  fs.writeFileSync(path.join(OUT, 'soak.svg'), svg);
};

// ---------- main ----------
const signIn = async (username, ip) => {
  const answer = await send('POST', api('login/login'), { ip, json: { username, password: PASSWORD } });
  if (!isOk(answer)) throw new Error(`sign-in ${username}: ${answer.code} ${answer.message ?? ''}`);
  return answer.data.token;
};

const main = async () => {
  console.log(
    `soak: ${PG ? `PostgreSQL (database ${db.name} on ${db.host}) + S3 (s3rver)` : `PGlite (${pgliteDir}) + local files`}; ` +
      `${ITEMS.toLocaleString()} items in ${CATEGORIES} categories; ${EDITORS} editors; ${RATE} calls/s for ${MINUTES} min\n` +
      `${machine()}\nwriting to ${OUT}`,
  );
  process.env.TRUST_PROXY_HOPS = '1';
  process.env.SOAK_PROBE_FILE = probeFile;
  process.env.BENCH_NODE_OPTIONS = `--import ${pathToFileURL(path.join(root, 'bench/soak-probe.mjs')).href}`;
  if (PG) {
    await db.admin(`CREATE DATABASE "${db.name}"`);
    // An earlier run's objects, in the same --out, are removed first.
    s3 = await startS3rver({ directory: path.join(OUT, 's3rver'), bucket: 'cms-soak' });
    Object.assign(process.env, s3.env);
  }
  const serve = () => startServer({ port: PORT, databaseUrl: db?.url, pgliteDir, password: PASSWORD });
  let server = null;
  let exitCode = null;
  try {
    // The server migrates the database on start. PGlite is one process's: the folder is seeded
    // while no server has it open, then served again; PostgreSQL is seeded beside the server.
    if (PG) server = await serve();
    else await stopServer(await serve());
    console.log('seeding…');
    const seeded = await withClient((client) => seed(client, ITEMS));
    facts = {
      ...seeded,
      // The seed's round-robin: item g (1-based) went to category (g % 20) + 1 of the list.
      classOfSeeded: (id) => seeded.classIds[(id - seeded.minId + 1) % CATEGORIES],
    };
    server ??= await serve();
    const adminToken = await signIn('admin', '10.20.0.2');
    // Each editor its own user (the upload rate is counted per user), session and address.
    for (let index = 0; index < EDITORS; index += 1) {
      const ip = `10.21.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      const username = `soak_editor_${index}`;
      const user = await send('POST', api('manage_user/save_user'), {
        token: adminToken,
        ip: '10.20.0.2',
        json: { username, name: `编辑${index}`, roles: ['news_content'], password: PASSWORD },
      });
      if (!isOk(user)) throw new Error(`save_user ${username}: ${user.message}`);
      editors.push({
        index,
        ip,
        username,
        token: await signIn(username, ip),
        created: [],
        pending: new Set(),
      });
    }
    fs.writeFileSync(csvFile, `${CSV_HEAD.join(',')}\n`);
    console.log(`driving ${RATE} calls/s (${WARMUP_SECONDS} s warm-up, then ${MINUTES} min)…`);

    const started = Date.now();
    const drivenMs = WARMUP_SECONDS * 1000 + MINUTES * 60_000;
    let launched = 0;
    let inFlight = 0;
    let minute = 0;
    let warmed = WARMUP_SECONDS <= 0;
    let minuteFrom = started + WARMUP_SECONDS * 1000;
    const running = new Set();
    // A minute's calls are set aside at once; its figures wait for the probe's mark (SIGUSR2).
    const closing = [];
    const closeLater = (closed, from, seconds) => {
      const current = bucket;
      bucket = newBucket();
      const markedAt = Date.now();
      server.kill('SIGUSR2');
      closing.push(
        new Promise((resolve) => setTimeout(resolve, 1500)).then(() =>
          closeMinute(closed, from, seconds, current, markedAt),
        ),
      );
    };
    await new Promise((resolve) => {
      const ticker = setInterval(() => {
        const now = Date.now();
        const due = Math.floor(((Math.min(now, started + drivenMs) - started) / 1000) * RATE);
        while (launched < due) {
          launched += 1;
          if (inFlight >= MAX_IN_FLIGHT) {
            bucket.dropped += 1;
            continue;
          }
          inFlight += 1;
          const kind = chooseKind();
          const editor = pick(editors);
          const call = actions[kind](editor)
            .then((answer) => record(kind, answer))
            .catch((error) => record(kind, { status: 0, code: error.message, ms: 0 }))
            .finally(() => {
              inFlight -= 1;
              running.delete(call);
            });
          running.add(call);
        }
        if (!warmed && now >= minuteFrom) {
          warmed = true;
          closeLater(0, started, WARMUP_SECONDS);
        }
        // A minute, or the part of one left at the end of a run of --minutes 0.5 or 2.5.
        const span = Math.min(60_000, started + drivenMs - minuteFrom);
        if (warmed && now - minuteFrom >= span) {
          minute += 1;
          closeLater(minute, minuteFrom, span / 1000);
          minuteFrom += 60_000;
        }
        if (minuteFrom >= started + drivenMs) {
          clearInterval(ticker);
          resolve();
        }
      }, 10);
    });
    await Promise.all(running);
    await Promise.all(closing);
    agent.destroy();
    // The answers of the calls still running when the last minute closed are judged with it.
    const last = rows.at(-1) ?? warmup;
    if (last) {
      last.errors5xx += bucket.errors5xx;
      last.unexpected += bucket.unexpected;
    }

    const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    await stopServer(server);
    exitCode = await exited.catch(() => null);
    server = null;
    console.log(`server stopped (SIGTERM): exit code ${exitCode}`);

    if (INJECT_LOST_WRITES) {
      const injected = await withClient((client) => injectLostWrites({ client, items, facts }));
      console.log(`injected lost writes (--inject-lost-writes):\n  ${injected.join('\n  ')}`);
    }
    console.log('checking the data…');
    const check = await withClient((client) => verifyData({ client, items, seeded: ITEMS, acknowledged }));
    writeChart();

    // ---------- verdict ----------
    const verdict = [];
    const add = (ok, text) => verdict.push(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
    const judged = warmup ? [warmup, ...rows] : rows;
    const total5xx = judged.reduce((sum, row) => sum + row.errors5xx, 0);
    const totalUnexpected = judged.reduce((sum, row) => sum + row.unexpected, 0);
    const totalDropped = judged.reduce((sum, row) => sum + row.dropped, 0);
    const meanRate = rows.reduce((sum, row) => sum + row.rate, 0) / Math.max(1, rows.length);
    add(
      meanRate >= RATE * 0.98 && totalDropped === 0,
      `rate ${meanRate.toFixed(1)}/s of ${RATE}/s, ${totalDropped} dropped`,
    );
    add(total5xx === 0, `${total5xx} answers 5xx or lost on the wire`);
    add(
      totalUnexpected === 0,
      `${totalUnexpected} unexpected 4xx (${[...allCodes].map(([code, n]) => `${code}×${n}`).join(', ') || 'none'})`,
    );
    add(
      check.failures.length === 0,
      `data: ${check.checked} items written checked, ${check.failures.length} problems`,
    );
    const listP99 = Math.max(...rows.map((row) => row.kinds.list.p99 ?? 0));
    add(
      listP99 <= TARGETS.listP99Ms,
      `list p99 ≤ ${TARGETS.listP99Ms} ms every minute (worst ${listP99.toFixed(1)} ms)`,
    );
    const eld = Math.max(...rows.map((row) => row.eldP99Ms ?? 0));
    add(
      eld <= TARGETS.eldP99Ms,
      `event-loop delay p99 ≤ ${TARGETS.eldP99Ms} ms (worst minute ${eld.toFixed(1)} ms)`,
    );
    if (rows.length > 10) {
      const base = rows[9].rssMb;
      const growth = Math.max(...rows.slice(10).map((row) => row.rssMb)) - base;
      add(
        growth < TARGETS.rssGrowthMb,
        `RSS after minute 10 grows < ${TARGETS.rssGrowthMb} MB (${growth.toFixed(1)} MB)`,
      );
    } else verdict.push(`—     RSS growth after minute 10: run is ${MINUTES} min, not judged`);
    add(exitCode === 0, `SIGTERM at the end: exit code ${exitCode}`);
    console.log(`\nverdict (${machine()}):\n  ${verdict.join('\n  ')}`);
    for (const failure of check.failures.slice(0, 20)) console.log(`  data: ${failure}`);
    console.log(
      `acknowledged: ${acknowledged.creates} creates, ${acknowledged.saves} saves, ${acknowledged.moves} moves, ` +
        `${acknowledged.deletes} deletes; ${check.liveCount} items live, ${check.binCount} in the 回收站\n` +
        `files: ${csvFile}, ${path.join(OUT, 'soak.svg')}, ${probeFile}`,
    );
    process.exitCode = verdict.some((line) => line.startsWith('FAIL')) ? 1 : 0;
  } finally {
    if (server) await stopServer(server);
    if (s3) await s3.close().catch(() => {});
    if (!KEEP) {
      if (db) await db.admin(`DROP DATABASE IF EXISTS "${db.name}" WITH (FORCE)`).catch(() => {});
      for (const dir of ['pglite', 's3rver'])
        fs.rmSync(path.join(OUT, dir), { recursive: true, force: true });
    }
  }
};

await main();
