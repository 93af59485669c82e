// What parallel sign-ins cost everybody else: the built app (server/server.mjs, as `npm start`)
// on a fresh embedded database, once with bcrypt on the main thread (PASSWORD_HASH_THREADS=0, the
// old way) and once with the worker pool (the default). Each round fires N sign-ins with new
// usernames at once while another client calls login/info one after the other; it prints that
// client's latency during the rounds and how long the rounds took.
//   npx next build && node bench/login-bench.mjs            (--parallel N --rounds R --port P)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PARALLEL = arg('parallel', 10);
const ROUNDS = arg('rounds', 5);
const PORT = arg('port', Number(process.env.BENCH_PORT) || 3361);
const PASSWORD = 'Bench-Passw0rd!';
const base = `http://127.0.0.1:${PORT}/api/v1/manage`;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (value) => value.toFixed(1).padStart(7);

const startServer = async ({ threads }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-login-bench-'));
  const server = spawn(process.execPath, [path.join(root, 'server/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATABASE_URL: '',
      PGLITE_DIR: path.join(dir, 'pglite'),
      SESSION_SECRET_FILE: path.join(dir, 'secret'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      ADMIN_PASSWORD: PASSWORD,
      // Each sign-in comes from an address of its own (X-Forwarded-For through one trusted hop),
      // so the per-address throttle never answers in place of the password check.
      TRUST_PROXY_HOPS: '1',
      PASSWORD_HASH_THREADS: threads,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/login`)).ok) return { server, dir };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.kill(-server.pid, 'SIGTERM');
  throw new Error('server did not start');
};

const post = async (urlPath, body, headers = {}) =>
  (
    await fetch(`${base}${urlPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  ).json();

let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

const measure = async ({ threads }) => {
  const { server, dir } = await startServer({ threads });
  try {
    const { data } = await post('/login/login', { username: 'admin', password: PASSWORD });
    const headers = { 'x-token': data.token, 'x-forwarded-for': newAddress() };
    // Warm up: routes compiled, the pool's threads started.
    for (let i = 0; i < 3; i += 1) {
      await post(
        '/login/login',
        { username: `warm_${i}`, password: 'x' },
        { 'x-forwarded-for': newAddress() },
      );
      await fetch(`${base}/login/info`, { headers });
    }
    const probe = [];
    const roundMs = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      let isDone = false;
      const started = performance.now();
      const signIns = Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          post(
            '/login/login',
            { username: `new_${round}_${i}_${Date.now()}`, password: 'Wrong-passw0rd' },
            { 'x-forwarded-for': newAddress() },
          ),
        ),
      ).then((answers) => {
        isDone = true;
        roundMs.push(performance.now() - started);
        const codes = new Set(answers.map((answer) => answer.code));
        if (codes.size !== 1 || !codes.has(60204)) throw new Error(`unexpected answers: ${[...codes]}`);
      });
      while (!isDone) {
        const at = performance.now();
        await fetch(`${base}/login/info`, { headers });
        probe.push(performance.now() - at);
      }
      await signIns;
    }
    probe.sort((a, b) => a - b);
    roundMs.sort((a, b) => a - b);
    return {
      calls: probe.length,
      p50: pct(probe, 50),
      p99: pct(probe, 99),
      max: probe[probe.length - 1],
      round: pct(roundMs, 50),
    };
  } finally {
    process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

console.log(
  `${PARALLEL} parallel sign-ins with new usernames × ${ROUNDS} rounds; another client calls login/info meanwhile`,
);
console.log(
  'bcrypt                     | info calls | info p50 ms | info p99 ms | info max ms | round p50 ms',
);
for (const [label, threads] of [
  ['main thread (old)', '0'],
  ['worker pool (default)', ''],
  ['worker pool, 2 threads', '2'],
]) {
  const r = await measure({ threads });
  console.log(
    `${label.padEnd(26)} | ${String(r.calls).padStart(10)} | ${fmt(r.p50).padStart(11)} | ${fmt(r.p99).padStart(11)} | ${fmt(r.max).padStart(11)} | ${fmt(r.round).padStart(12)}`,
  );
}
