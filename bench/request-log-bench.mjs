// What the request log and X-Request-Id cost per request, apart from everything else: one node:http
// server process answers a small JSON to every GET, either plain (what server/server.mjs did before
// the request log) or through server/request-log.js's begin() (the id settled, the JSON line
// written to a file by pino when the answer closes). The load comes from this process over 10
// keep-alive connections; the server reports the CPU time it used per request, which a busy shared
// machine disturbs far less than req/s. Runs the two alternately, three times each.
//
//   node bench/request-log-bench.mjs [--seconds 5] [--port 3334]
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const SECONDS = Number(arg('seconds', 5));
const PORT = Number(arg('port', process.env.BENCH_PORT || 3334));
const CONNECTIONS = 10;
const BODY = JSON.stringify({ code: 200, message: '操作成功', data: { data: [], total: 0 } });

// ---------- the server (a child process) ----------
if (process.argv.includes('--serve')) {
  const variant = arg('serve');
  const { markPeer } = require('../server/serve-api.js');
  const { createLogger, createRequestLog } = require('../server/request-log.js');
  const destination = require('pino').destination({ dest: arg('log'), sync: false });
  const requestLog = createRequestLog({ logger: createLogger({ destination, level: 'info' }), hops: 0 });
  const answer = (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
    res.end(BODY);
  };
  let served = 0;
  http
    .createServer((req, res) => {
      served += 1;
      markPeer(req);
      if (variant === 'logged') requestLog.begin(req, res);
      answer(req, res);
    })
    .listen(PORT, '127.0.0.1', () => process.send({ ready: true }));
  let mark = null;
  process.on('message', (message) => {
    if (message === 'start') mark = { cpu: process.cpuUsage(), served };
    if (message === 'stop') {
      const cpu = process.cpuUsage(mark.cpu);
      process.send({ cpuUs: cpu.user + cpu.system, requests: served - mark.served });
      destination.flushSync();
      process.exit(0);
    }
  });
} else {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port: PORT,
            path: '/api/v1/manage/news_manage/get_news_list?class_id=2&page=1&limit=10',
            agent,
          },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        )
        .on('error', reject);
    });
  const run = async (variant) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-log-bench-'));
    const log = path.join(dir, 'requests.log');
    const child = fork(new URL(import.meta.url).pathname, [
      '--serve',
      variant,
      '--log',
      log,
      '--port',
      String(PORT),
    ]);
    const reply = () => new Promise((resolve) => child.once('message', resolve));
    await reply();
    const warmEnd = Date.now() + 1000;
    while (Date.now() < warmEnd) await get();
    child.send('start');
    const started = performance.now();
    const end = Date.now() + SECONDS * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < end) {
          await get();
          done += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const stopped = reply();
    child.send('stop');
    const { cpuUs, requests } = await stopped;
    await new Promise((resolve) => child.once('exit', resolve));
    const lines = variant === 'logged' ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0;
    fs.rmSync(dir, { recursive: true, force: true });
    return {
      variant,
      'req/s': Math.round(done / seconds),
      'server CPU µs/req': (cpuUs / requests).toFixed(1),
      'log lines': lines,
    };
  };
  const results = [];
  for (let round = 0; round < 3; round += 1) {
    for (const variant of ['plain', 'logged']) {
      const result = await run(variant);
      results.push(result);
      console.log(`  ${variant}: ${result['req/s']} req/s, server CPU ${result['server CPU µs/req']} µs/req`);
    }
  }
  console.table(results);
  const median = (variant) => {
    const values = results
      .filter((r) => r.variant === variant)
      .map((r) => Number(r['server CPU µs/req']))
      .sort((a, b) => a - b);
    return values[1];
  };
  console.log(
    `request log + id: ${(median('logged') - median('plain')).toFixed(1)} µs of server CPU per request (medians ${median('logged')} vs ${median('plain')})`,
  );
  console.log(
    `machine: ${os.cpus().length} cores, node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  agent.destroy();
}
