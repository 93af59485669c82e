// Memory and start time of the built app, on the embedded database and on PostgreSQL.
//
//   npx next build && node bench/footprint.mjs [--runs 3] [--items 2000] [--calls 300] [--only pglite,postgres]
//     DATABASE_URL=postgresql://root@127.0.0.1:5432/test   the PostgreSQL case (a throw-away database)
//     BENCH_PORT (default 3690), NEXT_DIST_DIR as for `next build`, BENCH_NODE_OPTIONS: the server's node flags
//
// Each server is started as a user starts it, by package.json's "start" script (`node
// server/start.mjs` with the variables that script sets; the build being current), and timed from spawn to its first 200 of /login. RSS is VmRSS of the server process and of every
// process under it, sampled every 50 ms from spawn; "peak" is the highest VmHWM (the kernel's own
// high-water mark) seen in any of them — a child that has exited counts with its last sample.
//
// PGlite: first starts on a new folder (--runs of them), then the last folder is filled over HTTP
// (--items saves) and list / by-id calls are timed one at a time (--calls each), then restarts on
// the filled folder (--runs). PostgreSQL: the same on a new database. Idle = 5 s after the first
// 200 of /login. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, benchDatabase, httpClient, machine, median, ms, pct, root } from './harness.mjs';

const RUNS = Number(arg('runs', 3));
const ITEMS = Number(arg('items', 2000));
const CALLS = Number(arg('calls', 300));
const ONLY = arg('only', 'pglite,postgres').split(',');
const PORT = Number(process.env.BENCH_PORT || 3690);
const PASSWORD = 'Bench-pass-123';
const MB = 1024 * 1024;

const sleep = (millis) => new Promise((resolve) => setTimeout(resolve, millis));
const status = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
};
const kb = (text, key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;
const childrenOf = (pid) => {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) =>
        fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
  } catch {
    return [];
  }
};
const tree = (pid) => [pid, ...childrenOf(pid).flatMap(tree)];
const mb = (bytes) => (bytes / MB).toFixed(0);

/** Watches a process tree: current RSS per process, highest VmHWM per process ever seen. */
const watch = (pid) => {
  const hwm = new Map();
  let rss = new Map();
  const sample = () => {
    const now = new Map();
    for (const each of tree(pid)) {
      const text = status(each);
      if (!text) continue;
      now.set(each, kb(text, 'VmRSS'));
      hwm.set(each, Math.max(hwm.get(each) ?? 0, kb(text, 'VmHWM')));
    }
    rss = now;
  };
  const timer = setInterval(sample, 50);
  sample();
  return {
    /** RSS now: the listening server (the deepest node process) and the whole tree. */
    rss: () => {
      sample();
      return { total: [...rss.values()].reduce((a, b) => a + b, 0), largest: Math.max(0, ...rss.values()) };
    },
    peak: () => {
      sample();
      return Math.max(...hwm.values());
    },
    stop: () => clearInterval(timer),
  };
};

/**
 * package.json's "start" script as npm would run it, without a shell in between (so the server is
 * the process measured): its leading `NAME=value` assignments (`${NAME:-value}`: the value unless
 * NAME is set) and the node command's arguments.
 */
const startScript = () => {
  const words = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start.split(
    /\s+/,
  );
  const env = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, value] = words.shift().split(/=(.*)/s);
    const fallback = /^\$\{([A-Z_][A-Z0-9_]*):-(.*)\}$/.exec(value);
    env[name] = fallback ? (process.env[fallback[1]] ?? fallback[2]) : value;
  }
  if (words.shift() !== 'node') throw new Error('package.json "start" is not a node command');
  return { env, args: words };
};

const start = async ({ env }) => {
  const started = process.hrtime.bigint();
  let output = '';
  const nodeFlags = (process.env.BENCH_NODE_OPTIONS || '').split(' ').filter(Boolean);
  const script = startScript();
  const [scriptFile, ...scriptArgs] = script.args.filter((word) => !word.startsWith('-'));
  const scriptFlags = script.args.filter((word) => word.startsWith('-'));
  const child = spawn(process.execPath, [...scriptFlags, ...nodeFlags, scriptFile, ...scriptArgs], {
    cwd: root,
    env: {
      ...process.env,
      ...script.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: stopping or killing it reaches everything it started.
    detached: true,
  });
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const watcher = watch(child.pid);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (ms(started) > 180_000) {
      signalGroup('SIGKILL');
      throw new Error(`server not up in 180 s:\n${output}`);
    }
    const ok = await fetch(`http://127.0.0.1:${PORT}/login`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    await sleep(25);
  }
  const startMs = ms(started);
  return {
    startMs,
    watcher,
    output: () => output,
    kill: () => signalGroup('SIGKILL'),
    stop: async () => {
      signalGroup('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      watcher.stop();
    },
  };
};

/** RSS of the whole tree, and of its largest process (the server), once idle. */
const idleRss = async (server) => {
  await sleep(5000);
  const samples = [];
  for (let i = 0; i < 5; i += 1, await sleep(200)) samples.push(server.watcher.rss());
  return { total: median(samples.map((r) => r.total)), largest: median(samples.map((r) => r.largest)) };
};

/** A category, `ITEMS` saves (4 at a time), then list and by-id calls timed one at a time. */
const load = async ({ fill, classId: known }) => {
  const { request, close } = httpClient({ port: PORT, connections: 4 });
  try {
    const login = await request('POST', '/api/v1/manage/login/login', {
      body: { username: 'admin', password: PASSWORD },
    });
    const token = login.data.token;
    let classId = known;
    if (fill) {
      const base = Object.fromEntries(
        ['title', 'short_title', 'intro', 'content'].map((key) => [
          key,
          { name: key, showlist: true, isshow: true },
        ]),
      );
      const saved = await request('POST', '/api/v1/manage/class_manage/save_class', {
        token,
        body: { name: '基准', key: 'bench', class_type: '0', content_fileds: { list: [], base_set: base } },
      });
      classId = saved.data.id;
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < ITEMS) {
            const n = (next += 1);
            await request('POST', '/api/v1/manage/news_manage/save_news_info', {
              token,
              body: {
                class_id: classId,
                title: `基准内容${n}`,
                intro: `简介${n}`,
                content: `<p>正文${n}</p>`,
              },
            });
          }
        }),
      );
    }
    const page = await request(
      'GET',
      `/api/v1/manage/news_manage/get_news_list?class_id=${classId}&page=1&limit=10`,
      {
        token,
      },
    );
    const total = page.data.total;
    const firstId = Math.min(...page.data.data.map((item) => item.id));
    const timed = async (makeUrl) => {
      const times = [];
      for (let i = 0; i < CALLS; i += 1) {
        const t = process.hrtime.bigint();
        await request('GET', makeUrl(i), { token });
        times.push(ms(t));
      }
      times.sort((a, b) => a - b);
      return times.slice(Math.floor(CALLS / 10)); // the first tenth warms up
    };
    const pages = Math.max(1, Math.floor(total / 10));
    const listTimes = await timed(
      (i) =>
        `/api/v1/manage/news_manage/get_news_list?class_id=${classId}&page=${1 + ((i * 7) % pages)}&limit=10`,
    );
    const oneTimes = await timed(
      (i) => `/api/v1/manage/news_manage/get_news_one?id=${firstId - ((i * 13) % Math.max(1, total - 10))}`,
    );
    return { classId, total, listTimes, oneTimes };
  } finally {
    close();
  }
};

const stats = (values, digits = 0) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[0].toFixed(digits)} / ${median(sorted).toFixed(digits)} / ${sorted.at(-1).toFixed(digits)}`;
};
const callLine = (name, times) =>
  `    ${name.padEnd(22)} p50 ${median(times).toFixed(2)} ms  p90 ${pct(times, 90).toFixed(2)} ms  (${times.length} calls)`;

const startsLine = (what, runs) => {
  console.log(
    `  ${what}, ${runs.length} runs: spawn → 200 /login min/median/max ${stats(
      runs.map((r) => r.startMs / 1000),
      1,
    )} s`,
  );
  console.log(
    `    RSS idle min/median/max ${stats(runs.map((r) => r.idle / MB))} MB ` +
      `(server process ${stats(runs.map((r) => r.idleServer / MB))} MB); ` +
      `peak (VmHWM) ${stats(runs.map((r) => r.peak / MB))} MB`,
  );
};
const loadLines = (what, { rss, peak, total, listTimes, oneTimes }) => {
  console.log(
    `  ${what} (${total} items): RSS ${mb(rss.total)} MB (server ${mb(rss.largest)} MB), peak ${mb(peak)} MB`,
  );
  console.log(callLine('list page (10 rows)', listTimes));
  console.log(callLine('one item by id', oneTimes));
};

// The server of the moment, killed if the benchmark fails (no server left behind).
let current;
process.on('exit', () => current?.kill());

/** The load, or on failure the server's last output with the error (a 500 says why only there). */
const loadOn = async (server, options) => {
  try {
    return await load(options);
  } catch (error) {
    console.error(
      `${error.message}\n--- server output (last 4000 characters) ---\n${server.output().slice(-4000)}`,
    );
    throw error;
  }
};

const startOne = async (env) => {
  const server = await start({ env });
  current = server;
  const idle = await idleRss(server);
  return {
    server,
    run: { startMs: server.startMs, idle: idle.total, idleServer: idle.largest, peak: server.watcher.peak() },
  };
};

const runCase = async ({ name, freshEnv, cleanup }) => {
  console.log(`\n${name}`);
  const firsts = [];
  let env;
  let classId;
  for (let run = 0; run < RUNS; run += 1) {
    if (env) await cleanup(env);
    env = await freshEnv();
    const { server, run: figures } = await startOne(env);
    firsts.push(figures);
    console.log(
      `    run ${run + 1}: ${(figures.startMs / 1000).toFixed(1)} s, idle ${mb(figures.idle)} MB (server ${mb(figures.idleServer)} MB), peak ${mb(figures.peak)} MB`,
    );
    if (run === RUNS - 1) {
      startsLine('first start (new database)', firsts);
      const loaded = await loadOn(server, { fill: true });
      classId = loaded.classId;
      await sleep(1000);
      loadLines(`after ${ITEMS} saves + ${CALLS} list + ${CALLS} by-id calls`, {
        ...loaded,
        rss: server.watcher.rss(),
        peak: server.watcher.peak(),
      });
    }
    await server.stop();
  }
  const restarts = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { server, run: figures } = await startOne(env);
    restarts.push(figures);
    console.log(
      `    run ${run + 1}: ${(figures.startMs / 1000).toFixed(1)} s, idle ${mb(figures.idle)} MB (server ${mb(figures.idleServer)} MB), peak ${mb(figures.peak)} MB`,
    );
    if (run === RUNS - 1) {
      startsLine('restart (existing database)', restarts);
      const loaded = await loadOn(server, { fill: false, classId });
      await sleep(1000);
      loadLines(`after ${CALLS} list + ${CALLS} by-id calls on the restarted server`, {
        ...loaded,
        rss: server.watcher.rss(),
        peak: server.watcher.peak(),
      });
    }
    await server.stop();
  }
  current = undefined;
  await cleanup(env);
};

console.log(machine());
console.log(
  `build: ${process.env.NEXT_DIST_DIR || '.next'}; ${RUNS} runs; ${ITEMS} items; ${CALLS} calls per kind`,
);

if (ONLY.includes('pglite')) {
  await runCase({
    name: 'PGlite (embedded)',
    freshEnv: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-footprint-'));
      return {
        DATABASE_URL: '',
        PGLITE_DIR: path.join(dir, 'pglite'),
        UPLOAD_DIR: path.join(dir, 'uploads'),
        SESSION_SECRET_FILE: path.join(dir, 'session-secret'),
        __dir: dir,
      };
    },
    cleanup: async (env) => fs.rmSync(env.__dir, { recursive: true, force: true }),
  });
}

if (ONLY.includes('postgres') && process.env.DATABASE_URL) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-footprint-'));
  await runCase({
    name: `PostgreSQL (${new URL(process.env.DATABASE_URL).host})`,
    freshEnv: async () => {
      const db = benchDatabase({ prefix: 'cms_footprint' });
      await db.admin(`CREATE DATABASE "${db.name}"`);
      return {
        DATABASE_URL: db.url,
        UPLOAD_DIR: path.join(dir, 'uploads'),
        SESSION_SECRET_FILE: path.join(dir, 'session-secret'),
        __db: db,
      };
    },
    cleanup: async (env) => env.__db.admin(`DROP DATABASE IF EXISTS "${env.__db.name}" WITH (FORCE)`),
  });
  fs.rmSync(dir, { recursive: true, force: true });
} else if (ONLY.includes('postgres')) console.log('\nPostgreSQL: skipped (set DATABASE_URL)');
