// What the benchmarks share: command-line options, a throw-away database on the server of
// DATABASE_URL, the built app served on it (server/server.mjs, as `npm start` does) and a
// keep-alive HTTP load generator that reports req/s, p50 and p99. Prints nothing by itself.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
export const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

export const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};

export const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One dynamic field of a category's content_fileds.list, as the category editor saves it: a text
 * shown in the list and searchable unless `extra` says otherwise (type, options, search, style…).
 */
export const field = (key, title, extra = {}) => ({
  key,
  title,
  type: 'string',
  ismust: false,
  showlist: true,
  search: true,
  options: [],
  max: null,
  limit: null,
  is_self_write: false,
  child_info: [],
  style: '',
  url: '',
  ...extra,
});

/**
 * A database for the run on the server of DATABASE_URL: a new one named `<prefix>_<random>`, or
 * `reuse` (kept by an earlier run). `admin(sql)` runs a statement on the server's own database.
 */
export const benchDatabase = ({ prefix, reuse }) => {
  if (!process.env.DATABASE_URL) {
    console.error('DATABASE_URL (a PostgreSQL server) is required.');
    process.exit(2);
  }
  const adminUrl = process.env.DATABASE_URL;
  const name = reuse ?? `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return { name, url: url.toString(), host: new URL(adminUrl).host, admin };
};

/**
 * BENCH_SERVER: a URL (`http://127.0.0.1:3700`) runs the cases against a server already running
 * there, started by nobody here; anything else is a server script to serve with instead of
 * `server/server.mjs` (an older copy, with NEXT_DIST_DIR on its build, to compare two versions).
 */
export const runningServer = () => {
  const value = process.env.BENCH_SERVER?.trim();
  return value && /^https?:\/\//.test(value) ? new URL(value) : null;
};
const serverScript = () => {
  const value = process.env.BENCH_SERVER?.trim();
  return value && !runningServer() ? path.resolve(root, value) : path.join(root, 'server/server.mjs');
};

/**
 * Refuses a port something already listens on: on a machine shared with other benchmarks, a
 * server that cannot bind exits, and the calls would go to the other one without a word.
 */
export const assertPortFree = (port) =>
  new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`port ${port} is in use by another process (BENCH_PORT chooses another)`));
    });
    socket.once('error', () => resolve());
  });

/** A port nothing listens on now, chosen by the system. */
export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * The bench's own connection to the data: pg on the PostgreSQL database `url`, or else the PGlite
 * folder `pgliteDir` opened here (while no server has it open). `query(text, values)`, `end()`.
 */
export const openDataClient = async ({ url, pgliteDir }) => {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', (error) => console.error(`bench connection: ${error.message}`));
    await client.connect();
    return client;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(pgliteDir);
  return { query: (text, values) => pglite.query(text, values), end: () => pglite.close() };
};

/**
 * s3rver (a real S3-protocol server) on 127.0.0.1:`port` (0: a free one), keeping its objects in
 * `directory` (emptied first), with the bucket `bucket` made. Answers the app's settings for the S3
 * driver on it (`env`) and `close()`.
 */
export const startS3rver = async ({ directory, bucket, port = 0 }) => {
  const { default: S3rver } = await import('s3rver');
  const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
  fs.rmSync(directory, { recursive: true, force: true });
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
  const { port: bound } = await server.run();
  const endpoint = `http://127.0.0.1:${bound}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  const env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_URL: `${endpoint}/${bucket}`,
    S3_FORCE_PATH_STYLE: 'true',
  };
  return { env, close: () => server.close() };
};

/**
 * The built app on `databaseUrl` (PostgreSQL) or in the PGlite folder `pgliteDir`, migrating it,
 * in its own process group; builds one if missing. The server logs as in production: one JSON line
 * per API request, into a file in the temp folder. `env` adds to or overrides the server's settings.
 */
export const startServer = async ({ port, databaseUrl, pgliteDir, password, env = {} }) => {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!fs.existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    console.log(`building the app into ${distDir}…`);
    spawnSync(process.execPath, [require.resolve('next/dist/bin/next'), 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  await assertPortFree(port);
  const secretDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-bench-'));
  const nodeFlags = (process.env.BENCH_NODE_OPTIONS || '').split(' ').filter(Boolean);
  const log = fs.openSync(path.join(secretDir, 'server.log'), 'a');
  const server = spawn(process.execPath, [...nodeFlags, serverScript()], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      // No DATABASE_URL: the app opens PGlite in PGLITE_DIR.
      DATABASE_URL: databaseUrl ?? '',
      ...(pgliteDir ? { PGLITE_DIR: pgliteDir } : {}),
      ADMIN_PASSWORD: password,
      SESSION_SECRET_FILE: path.join(secretDir, 'secret'),
      UPLOAD_DIR: path.join(secretDir, 'uploads'),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      // The caller's own settings last (bench/faults.mjs: UPLOAD_DIR on a small disk).
      ...env,
    },
    stdio: ['ignore', log, 'inherit'],
    // Own process group, so everything it starts stops with the benchmark.
    detached: true,
  });
  fs.closeSync(log);
  for (let i = 0; i < 240; i += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/login`);
      if (response.ok && server.exitCode === null) return server;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stopGroup(server);
  throw new Error(`server did not start (its log: ${path.join(secretDir, 'server.log')})`);
};

/** Stops a server started by startServer and waits until its process has ended. */
export const stopServer = async (child) => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  stopGroup(child);
  await exited;
};

/**
 * CPU seconds (user + system) used so far by process `pid` and every process under it, plus what
 * its ended children used: /proc/<pid>/stat's utime, stime, cutime and cstime, in clock ticks.
 */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;
const statOf = (pid) => {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const after = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(after[1]),
      own: Number(after[11]) + Number(after[12]),
      ended: Number(after[13]) + Number(after[14]),
    };
  } catch {
    return null; // gone meanwhile
  }
};
export const cpuSeconds = (pid) => {
  const stats = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  const root = stats.get(pid);
  if (!root) return null;
  let ticks = root.own + root.ended;
  const under = [pid];
  while (under.length) {
    const parent = under.pop();
    for (const [child, stat] of stats) {
      if (stat.ppid === parent) {
        ticks += stat.own;
        under.push(child);
      }
    }
  }
  return ticks / TICKS;
};

/** CPU seconds (user + system) process `pid` itself has used so far, or null if it is gone. */
export const ownCpuSeconds = (pid) => {
  const stat = statOf(pid);
  return stat ? stat.own / TICKS : null;
};

/** Stops a process started with `detached: true`, and what it started. */
export const stopGroup = (child) => {
  if (child && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
};

/**
 * HTTP over `connections` keep-alive sockets to 127.0.0.1:`port`. `request` resolves the JSON
 * envelope of a call answered with code 200 and rejects any other; `load` drives a case.
 */
export const httpClient = ({ host = '127.0.0.1', port, connections }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const request = (method, urlPath, { token, body, port: to = port } = {}) =>
    new Promise((resolve, reject) => {
      const payload = body ? Buffer.from(JSON.stringify(body)) : null;
      const req = http.request(
        {
          host,
          port: to,
          method,
          path: urlPath,
          agent,
          headers: {
            ...(token ? { 'x-token': token } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            try {
              const json = JSON.parse(text);
              if (json.code !== 200) reject(new Error(`${urlPath}: ${json.message}`));
              else resolve(json);
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });

  /** One second of warm-up, then `seconds` of calls from `concurrency` loops: req/s, p50, p99. */
  // `pid`: also the CPU time that process (and those under it) spent per call, in ms. `dbPids`:
  // an async function answering the pids of a PostgreSQL server's backends, asked after the
  // warm-up (when the pool's connections are open); also the CPU time they spent per call, in ms.
  const load = async (makeRequest, { concurrency = connections, seconds, pid, dbPids }) => {
    const warmEnd = Date.now() + 1000;
    while (Date.now() < warmEnd) await makeRequest();
    const backends = dbPids ? await dbPids() : [];
    const latencies = [];
    const end = Date.now() + seconds * 1000;
    const cpuBefore = pid ? cpuSeconds(pid) : null;
    const dbBefore = backends.map(ownCpuSeconds);
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < end) {
          const t = process.hrtime.bigint();
          await makeRequest();
          latencies.push(ms(t));
        }
      }),
    );
    const elapsed = ms(started) / 1000;
    const cpuAfter = pid ? cpuSeconds(pid) : null;
    // A backend that ended meanwhile (an idle connection closed) is left out.
    const dbSeconds = backends
      .map((each, i) => [dbBefore[i], ownCpuSeconds(each)])
      .reduce((sum, [before, after]) => (before === null || after === null ? sum : sum + after - before), 0);
    latencies.sort((a, b) => a - b);
    return {
      cpuMs:
        cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) * 1000) / latencies.length : null,
      dbCpuMs: dbPids ? (dbSeconds * 1000) / latencies.length : null,
      rps: latencies.length / elapsed,
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      n: latencies.length,
    };
  };
  return { request, load, close: () => agent.destroy() };
};

export const machine = () =>
  `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;
