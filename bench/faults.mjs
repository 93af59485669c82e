// Faults under load (issue 24): each row injects one fault into the built server while calls run,
// then checks what the issue expects of it, and prints a table (exit code 1 if a row fails).
//
//   node bench/faults.mjs [--only pg-restart,disk-full,kill-move,kill-backup,sigterm-load,trickle]
//
// Rows:
//   pg-restart    a throwaway PostgreSQL cluster (initdb here, its own port) stopped and started
//                 again under calls: calls meanwhile answer 503 服务器繁忙 within 5 s, /api/health
//                 says the database is down, the app answers by itself within 5 s of its return,
//                 no acknowledged write is lost, no 500.
//   disk-full     UPLOAD_DIR on a 2 MB tmpfs (needs root to mount): uploads until it is full answer
//                 507 存储空间不足, no partial file stays, the server goes on answering.
//   kill-move     kill -9 of the server in the middle of a 1,000-item move_news (slowed by a row
//                 trigger so the kill lands inside it): after a restart the move happened whole or
//                 not at all, and the lists’ totals match the rows.
//   kill-backup   kill -9 of `npm run backup` while it writes: no archive under the asked name (only
//                 its `.partial-<pid>` file), and the next backup completes.
//   sigterm-load  SIGTERM to the server (PGlite) under a stream of creates: calls in flight are
//                 answered, the process exits 0, the data folder opens again and every acknowledged
//                 create is there.
//   trickle       a request body sent at 1 byte a second (HTTP_REQUEST_TIMEOUT_SECONDS=10 here, 300 by
//                 default): the server cuts it off at the request timeout, and answers others meanwhile.
// (Idle connections and slowloris headers, the 413 answers, the S3 store going away and a database outage on the shared
// server are tests: tests/e2e/slow-clients.spec.ts, input-edge.spec.ts, tests/storage/refused-body
// .test.ts, store-down.test.ts, tests/postgres/database-outage.test.ts.)
//
// Needs a production build (`npx next build`; built if missing), PostgreSQL's server binaries
// (/usr/lib/postgresql/*/bin) for the PostgreSQL rows, and root for disk-full's mount.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { arg, freePort, machine, root, startServer, stopServer } from './harness.mjs';

const PASSWORD = 'Faults-pass-123';
const BUSY = '服务器繁忙，请稍后重试';
const FULL = '存储空间不足，文件未保存，请联系管理员';
const ROWS = ['pg-restart', 'disk-full', 'kill-move', 'kill-backup', 'sigterm-load', 'trickle'];
const only = arg('only', '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const wanted = only.length > 0 ? ROWS.filter((name) => only.includes(name)) : ROWS;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const tempDir = (prefix) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

// ---------- calls ----------

/** One call: its status, envelope and time; a network failure is status 0 with its error. */
const call = async (port, method, urlPath, { token, json, form, timeoutMs = 30_000 } = {}) => {
  const started = Date.now();
  const headers = {};
  if (token) headers['x-token'] = token;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) body = form;
  try {
    const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let envelope = {};
    try {
      envelope = JSON.parse(text);
    } catch {
      // not JSON (a page)
    }
    // `status` is the HTTP status (health's own `status` field is read as `health`).
    return {
      ...envelope,
      health: envelope.status,
      started,
      ms: Date.now() - started,
      status: response.status,
    };
  } catch (error) {
    return { started, ms: Date.now() - started, status: 0, error: error.cause?.code ?? error.name };
  }
};
const api = (name) => `/api/v1/manage/${name}`;

const signIn = async (port) => {
  const answer = await call(port, 'POST', api('login/login'), {
    json: { username: 'admin', password: PASSWORD },
  });
  if (answer.code !== 200) throw new Error(`sign-in: ${answer.status} ${answer.message ?? answer.error}`);
  return answer.data.token;
};

const createClass = async (port, token, name) => {
  const answer = await call(port, 'POST', api('class_manage/save_class'), {
    token,
    json: {
      name,
      key: `f_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`,
      class_type: '0',
      content_fileds: { list: [] },
    },
  });
  if (answer.code !== 200) throw new Error(`save_class: ${answer.message ?? answer.error}`);
  return answer.data.id;
};

/**
 * Creates items `titles()` gives, from `workers` loops, until stop() — each answered 200 is
 * acknowledged. Every answer is kept with its start time.
 */
const createLoad = ({ port, token, classId, workers = 4, pauseMs = 20 }) => {
  let running = true;
  let next = 0;
  const answers = [];
  const acknowledged = new Set();
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const title = `负载-${(next += 1)}`;
      const answer = await call(port, 'POST', api('news_manage/save_news_info'), {
        token,
        json: { class_id: classId, title },
      });
      answers.push({ ...answer, title });
      if (answer.code === 200) acknowledged.add(title);
      if (pauseMs) await sleep(pauseMs);
    }
  });
  return {
    answers,
    acknowledged,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
};

const countBy = (answers) =>
  answers.reduce((counts, answer) => {
    const key = answer.status === 0 ? `network ${answer.error}` : `${answer.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});
const describeCounts = (counts) =>
  Object.entries(counts)
    .map(([key, n]) => `${key}×${n}`)
    .join(' ');

// ---------- a throwaway PostgreSQL cluster ----------

const pgBin = () => {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const version = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
  const bin = path.join(base, version, 'bin');
  return fs.existsSync(path.join(bin, 'initdb')) ? bin : null;
};

/** initdb in a temp folder, owned by `postgres` when we are root (PostgreSQL refuses to run as root). */
const makeCluster = async () => {
  const bin = pgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const dir = tempDir('cms-faults-pg-');
  const isRoot = process.getuid?.() === 0;
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const as = (command, args) =>
    isRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
  const run = (command, args) => {
    const [file, argv] = as(command, args);
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command}: ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'root', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const url = `postgresql://root@127.0.0.1:${port}/postgres`;
  return {
    url,
    start: () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    query: async (text, values) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
};

let cluster = null;
const sharedCluster = async () => {
  if (!cluster) {
    cluster = await makeCluster();
    cluster.start();
  }
  return cluster;
};

const check = (results, name, isOk, observed) => results.push({ name, isOk: Boolean(isOk), observed });

// ---------- the rows ----------

const pgRestart = async () => {
  const results = [];
  const db = await sharedCluster();
  const port = await freePort();
  const server = await startServer({
    port,
    databaseUrl: db.url,
    password: PASSWORD,
    env: { UPLOAD_DIR: tempDir('cms-faults-up-') },
  });
  try {
    const token = await signIn(port);
    const classId = await createClass(port, token, '重启');
    const load = createLoad({ port, token, classId });
    const lists = [];
    let listing = true;
    const listLoop = (async () => {
      while (listing) {
        lists.push(
          await call(port, 'GET', `${api('news_manage/get_news_list')}?class_id=${classId}&page=1&limit=10`, {
            token,
          }),
        );
        await sleep(50);
      }
    })();
    await sleep(3000);
    const downAt = Date.now();
    db.stop();
    const stoppedAt = Date.now();
    await sleep(1000);
    const health = await call(port, 'GET', '/api/health');
    await sleep(4000);
    db.start();
    const upAt = Date.now();
    await sleep(5000);
    listing = false;
    await Promise.all([load.stop(), listLoop]);

    const all = [...load.answers, ...lists];
    const during = all.filter((answer) => answer.started >= stoppedAt && answer.started < upAt);
    const busy = during.filter((answer) => answer.status === 503 && answer.message === BUSY);
    const slowest = Math.max(0, ...during.map((answer) => answer.ms));
    check(
      results,
      'calls while the database is stopped answer 503 服务器繁忙 within 5 s',
      during.length > 0 && busy.length === during.length && slowest <= 5000,
      `${during.length} calls: ${describeCounts(countBy(during))}; slowest ${slowest} ms (stop took ${stoppedAt - downAt} ms)`,
    );
    check(
      results,
      '/api/health says the database is down',
      health.status === 503 && health.checks?.db?.ok === false,
      `${health.status} db.ok=${health.checks?.db?.ok}`,
    );
    const firstOk = all
      .filter((answer) => answer.started >= upAt && answer.code === 200)
      .sort((a, b) => a.started + a.ms - (b.started + b.ms))[0];
    const recovery = firstOk ? firstOk.started + firstOk.ms - upAt : null;
    check(
      results,
      'answers by itself within 5 s of the database’s return',
      recovery !== null && recovery <= 5000,
      `first 200 ${recovery} ms after the start returned`,
    );
    const errors = all.filter((answer) => answer.status >= 500 && answer.status !== 503);
    check(
      results,
      'no 500 at all',
      errors.length === 0,
      `${all.length} calls: ${describeCounts(countBy(all))}`,
    );
    const stored = new Set(
      (await db.query('SELECT title FROM news WHERE class_id = $1', [classId])).map((row) => row.title),
    );
    const lost = [...load.acknowledged].filter((title) => !stored.has(title));
    check(
      results,
      'no acknowledged write lost',
      lost.length === 0,
      `${load.acknowledged.size} acknowledged, ${lost.length} missing`,
    );
  } finally {
    await stopServer(server);
  }
  return results;
};

const diskFull = async () => {
  const results = [];
  if (process.getuid?.() !== 0) {
    check(results, 'mount a 2 MB tmpfs', false, 'not root: cannot mount (run as root)');
    return results;
  }
  const mount = tempDir('cms-faults-full-');
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount]);
  const port = await freePort();
  const server = await startServer({
    port,
    pgliteDir: path.join(tempDir('cms-faults-pglite-'), 'data'),
    password: PASSWORD,
    env: { UPLOAD_DIR: mount },
  });
  try {
    const token = await signIn(port);
    const png = Buffer.alloc(300 * 1024, 0x41);
    Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000a49444154',
      'hex',
    ).copy(png);
    const answers = [];
    for (let i = 0; i < 12; i += 1) {
      const form = new FormData();
      form.append('kind', 'image');
      form.append('file', new Blob([png], { type: 'image/png' }), `p${i}.png`);
      const answer = await call(port, 'POST', api('news_manage/upload_one_file'), { token, form });
      answers.push(answer);
      if (answer.code !== 200) break;
    }
    const refused = answers.at(-1);
    check(
      results,
      'an upload past the free space answers 507 存储空间不足',
      refused.status === 507 && refused.message === FULL,
      `${answers.length - 1} stored, then ${refused.status} ${refused.message ?? refused.error}`,
    );
    const partial = fs
      .readdirSync(mount, { recursive: true })
      .filter((name) => String(name).endsWith('.part'));
    check(results, 'no partial file left', partial.length === 0, `${partial.length} .part files`);
    const info = await call(port, 'GET', api('login/info'), { token });
    check(results, 'the server goes on answering', info.code === 200, `login/info ${info.status}`);
  } finally {
    await stopServer(server);
    spawnSync('umount', [mount]);
  }
  return results;
};

const killMove = async () => {
  const results = [];
  const db = await sharedCluster();
  const port = await freePort();
  const env = { UPLOAD_DIR: tempDir('cms-faults-up-') };
  let server = await startServer({ port, databaseUrl: db.url, password: PASSWORD, env });
  let from;
  let to;
  try {
    const token = await signIn(port);
    from = await createClass(port, token, '移出');
    to = await createClass(port, token, '移入');
    const ids = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = worker; i < 1000; i += 8) {
          const answer = await call(port, 'POST', api('news_manage/save_news_info'), {
            token,
            json: { class_id: from, title: `移动-${i}` },
          });
          if (answer.code !== 200) throw new Error(`create: ${answer.message ?? answer.error}`);
          ids.push(answer.data.id);
        }
      }),
    );
    // 4 ms per row moved: the move takes ~4 s, and the kill lands in it.
    await db.query(`CREATE FUNCTION faults_slow() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN PERFORM pg_sleep(0.004); RETURN NEW; END $$`);
    await db.query(
      'CREATE TRIGGER faults_slow BEFORE UPDATE ON news FOR EACH ROW EXECUTE FUNCTION faults_slow()',
    );
    const move = call(port, 'POST', api('news_manage/move_news'), { token, json: { ids, class_id: to } });
    let busy = [];
    for (let i = 0; i < 100 && busy.length === 0; i += 1) {
      await sleep(50);
      busy = await db.query(
        `SELECT pid FROM pg_stat_activity WHERE state = 'active' AND query ILIKE '%update%news%' AND pid <> pg_backend_pid()`,
      );
    }
    await sleep(1500);
    const stillBusy = await db.query(
      `SELECT pid FROM pg_stat_activity WHERE state = 'active' AND query ILIKE '%update%news%' AND pid <> pg_backend_pid()`,
    );
    process.kill(-server.pid, 'SIGKILL');
    await move;
    check(
      results,
      'the kill landed inside the move (its UPDATE running)',
      stillBusy.length > 0,
      `${stillBusy.length} backend(s) updating at the kill`,
    );
    await db.query('DROP TRIGGER faults_slow ON news');
    // The backend finishes its statement, finds its client gone and rolls back.
    for (let i = 0; i < 100; i += 1) {
      const left = await db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state <> 'idle' AND datname = 'postgres' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      if (left[0].n === 0) break;
      await sleep(100);
    }
    const counts = await db.query(
      'SELECT class_id, count(*)::int AS n FROM news WHERE class_id = ANY($1) GROUP BY class_id',
      [[from, to]],
    );
    const inFrom = counts.find((row) => row.class_id === from)?.n ?? 0;
    const inTo = counts.find((row) => row.class_id === to)?.n ?? 0;
    check(
      results,
      'after the restart the move is whole or absent',
      (inFrom === 1000 && inTo === 0) || (inFrom === 0 && inTo === 1000),
      `${inFrom} in the first category, ${inTo} in the second`,
    );
    server = await startServer({ port, databaseUrl: db.url, password: PASSWORD, env });
    const again = await signIn(port);
    const totals = [];
    for (const classId of [from, to]) {
      const list = await call(
        port,
        'GET',
        `${api('news_manage/get_news_list')}?class_id=${classId}&page=1&limit=10`,
        { token: again },
      );
      totals.push(list.data?.total);
    }
    check(
      results,
      'the lists’ totals match the rows',
      totals[0] === inFrom && totals[1] === inTo,
      `totals ${totals.join(' / ')}`,
    );
  } finally {
    await db.query('DROP TRIGGER IF EXISTS faults_slow ON news').catch(() => {});
    await db.query('DROP FUNCTION IF EXISTS faults_slow()').catch(() => {});
    await stopServer(server);
  }
  return results;
};

const killBackup = async () => {
  const results = [];
  const db = await sharedCluster();
  const out = tempDir('cms-faults-backup-');
  const target = path.join(out, 'site.cmsbak');
  const env = {
    ...process.env,
    DATABASE_URL: db.url,
    UPLOAD_DIR: tempDir('cms-faults-up-'),
    LOG_LEVEL: 'warn',
  };
  // Some data to write: a few thousand rows (the other rows may have left some already).
  await db.query(`SELECT 1`);
  const backup = spawn(process.execPath, ['scripts/backup-restore.mjs', 'backup', target], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  let partial = null;
  for (let i = 0; i < 2000 && !partial && backup.exitCode === null; i += 1) {
    partial = fs.readdirSync(out).find((name) => name.includes('.partial-')) ?? null;
    if (!partial) await sleep(5);
  }
  if (partial && backup.exitCode === null) backup.kill('SIGKILL');
  await new Promise((resolve) =>
    backup.exitCode !== null || backup.signalCode ? resolve() : backup.once('exit', resolve),
  );
  check(
    results,
    'the kill landed while the archive was being written',
    backup.signalCode === 'SIGKILL' && partial,
    `signal ${backup.signalCode}, partial ${partial}`,
  );
  check(
    results,
    'no archive under the asked name',
    !fs.existsSync(target),
    fs.existsSync(target) ? 'the archive exists' : `only ${fs.readdirSync(out).join(', ')}`,
  );
  const rerun = spawnSync(process.execPath, ['scripts/backup-restore.mjs', 'backup', target], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  check(
    results,
    'the next backup completes',
    rerun.status === 0 && fs.existsSync(target),
    `exit ${rerun.status}; ${fs.existsSync(target) ? fs.statSync(target).size + ' bytes' : (rerun.stderr || '').slice(0, 200)}`,
  );
  fs.rmSync(out, { recursive: true, force: true });
  return results;
};

const sigtermLoad = async () => {
  const results = [];
  const port = await freePort();
  const pgliteDir = path.join(tempDir('cms-faults-pglite-'), 'data');
  const env = { UPLOAD_DIR: tempDir('cms-faults-up-') };
  const server = await startServer({ port, pgliteDir, password: PASSWORD, env });
  const token = await signIn(port);
  const classId = await createClass(port, token, '停止');
  const load = createLoad({ port, token, classId, workers: 8, pauseMs: 0 });
  await sleep(3000);
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
  const signalAt = Date.now();
  server.kill('SIGTERM');
  const exit = await exited;
  const exitedAt = Date.now();
  await load.stop();
  const before = load.answers.filter((answer) => answer.started < signalAt);
  const unanswered = before.filter((answer) => answer.code !== 200);
  check(
    results,
    'calls sent before the signal are answered 200',
    unanswered.length === 0,
    `${before.length} calls: ${describeCounts(countBy(before))}`,
  );
  check(
    results,
    'exit code 0',
    exit.code === 0,
    `code ${exit.code} signal ${exit.signal} after ${exitedAt - signalAt} ms`,
  );
  const after = load.answers.filter((answer) => answer.started >= signalAt);
  check(
    results,
    'later calls refused (or taken before the close and answered), none 500',
    after.every((answer) => answer.status === 0 || answer.status === 503 || answer.code === 200),
    describeCounts(countBy(after)) || 'none',
  );
  const again = await startServer({ port, pgliteDir, password: PASSWORD, env });
  try {
    const token2 = await signIn(port);
    const list = await call(
      port,
      'GET',
      `${api('news_manage/get_news_list')}?class_id=${classId}&page=1&limit=1`,
      { token: token2 },
    );
    check(
      results,
      'the data folder opens again with every acknowledged create',
      list.code === 200 && list.data.total >= load.acknowledged.size,
      `${load.acknowledged.size} acknowledged, ${list.data?.total} stored`,
    );
  } finally {
    await stopServer(again);
  }
  return results;
};

const trickle = async () => {
  const results = [];
  const port = await freePort();
  const timeoutS = 10;
  const server = await startServer({
    port,
    pgliteDir: path.join(tempDir('cms-faults-pglite-'), 'data'),
    password: PASSWORD,
    env: { UPLOAD_DIR: tempDir('cms-faults-up-'), HTTP_REQUEST_TIMEOUT_SECONDS: String(timeoutS) },
  });
  try {
    const token = await signIn(port);
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let closedAfter = null;
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => {});
    socket.on('close', () => (closedAfter = Date.now() - started));
    socket.write(
      `POST /api/v1/manage/news_manage/save_news_info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Token: ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 1000);
    const others = [];
    while (closedAfter === null && Date.now() - started < (timeoutS + 20) * 1000) {
      others.push(await call(port, 'GET', api('login/info'), { token }));
      await sleep(200);
    }
    clearInterval(drip);
    socket.destroy();
    const bound = (timeoutS + 6) * 1000;
    check(
      results,
      `the trickled body is cut off at the request timeout (${timeoutS} s, checked every 2 s)`,
      closedAfter !== null && closedAfter >= timeoutS * 1000 - 500 && closedAfter <= bound,
      `closed after ${closedAfter} ms; answered ${answer.split('\r\n')[0] || 'nothing'}`,
    );
    const slowest = Math.max(...others.map((one) => one.ms));
    check(
      results,
      'other calls answered meanwhile',
      others.length > 0 && others.every((one) => one.code === 200),
      `${others.length} calls: ${describeCounts(countBy(others))}; slowest ${slowest} ms`,
    );
  } finally {
    await stopServer(server);
  }
  return results;
};

const RUNNERS = {
  'pg-restart': pgRestart,
  'disk-full': diskFull,
  'kill-move': killMove,
  'kill-backup': killBackup,
  'sigterm-load': sigtermLoad,
  trickle,
};

console.log(`faults on ${machine()}`);
let failed = 0;
for (const name of wanted) {
  const started = Date.now();
  let results;
  try {
    results = await RUNNERS[name]();
  } catch (error) {
    results = [
      {
        name: 'the row ran',
        isOk: false,
        observed: String(error?.stack ?? error)
          .split('\n')
          .slice(0, 3)
          .join(' | '),
      },
    ];
  }
  console.log(`\n${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const result of results) {
    if (!result.isOk) failed += 1;
    console.log(`  ${result.isOk ? 'PASS' : 'FAIL'}  ${result.name} — ${result.observed}`);
  }
}
if (cluster) {
  try {
    cluster.stop();
  } catch {
    // already stopped
  }
  cluster.remove();
}
console.log(failed === 0 ? '\nall rows hold' : `\n${failed} check(s) failed`);
process.exit(failed === 0 ? 0 : 1);
