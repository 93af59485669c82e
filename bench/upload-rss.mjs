// Peak RSS growth of the built app while a 20 MB upload streams to each storage driver.
//   npx next build && node bench/upload-rss.mjs        (APP_DIR=<a built copy> to measure another tree)
// Starts `next start` on loopback with a temp PGlite dir, signs in as admin, warms up, then samples
// the server process's VmRSS every 20 ms during each upload. Prints figures; target ≤ 30 MB.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './harness.mjs';

const require = createRequire(import.meta.url);
const appDir = path.resolve(
  process.env.APP_DIR || path.join(path.dirname(new URL(import.meta.url).pathname), '..'),
);
const MB = 1024 * 1024;
const SIZE = 20 * MB;
const RUNS = Number(process.env.RUNS) || 3;
const PASSWORD = 'Bench-Passw0rd!';
const PNG_HEAD = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154',
  'hex',
);
const FILLER = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => 32 + ((i * 7) % 90)));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssOf = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
const childrenOf = (pid) =>
  fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) =>
      fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
// `next start` may fork the real server: measure the deepest descendant.
const serverPid = (pid) => {
  const children = childrenOf(pid);
  return children.length ? serverPid(children[children.length - 1]) : pid;
};
const mb = (bytes) => (bytes / MB).toFixed(1);

const request = ({ port, method = 'GET', urlPath, headers = {}, body }) =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });

/** Streams one multipart upload of `size` bytes (kind sent first, as the client does). */
const upload = ({ port, token, size, kind = 'image' }) =>
  new Promise((resolve, reject) => {
    const boundary = `----bench${Date.now()}`;
    const pre = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const post = Buffer.from(`\r\n--${boundary}--\r\n`);
    let answer;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/manage/news_manage/upload_one_file',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': pre.length + size + post.length,
          'x-token': token,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          answer = {
            status: res.statusCode,
            connection: res.headers.connection,
            body: JSON.parse(Buffer.concat(chunks).toString()),
          };
          resolve(answer);
        });
      },
    );
    req.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    (async () => {
      const write = (chunk) => (req.write(chunk) ? undefined : new Promise((r) => req.once('drain', r)));
      await write(pre);
      await write(PNG_HEAD.subarray(0, Math.min(size, PNG_HEAD.length)));
      for (let sent = PNG_HEAD.length; sent < size; sent += FILLER.length)
        await write(FILLER.subarray(0, Math.min(FILLER.length, size - sent)));
      req.end(post);
    })().catch(() => {});
  });

const measure = async ({ pid, run }) => {
  await sleep(1000);
  let baseline = 0;
  for (let i = 0; i < 10; i += 1, await sleep(50)) baseline += rssOf(pid) / 10;
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const result = await run();
  await sleep(100);
  clearInterval(timer);
  return { baseline, peak, growth: peak - baseline, result };
};

const startApp = async ({ env }) => {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      require.resolve('next/dist/bin/next', { paths: [appDir] }),
      'start',
      '-H',
      '127.0.0.1',
      '-p',
      String(port),
    ],
    {
      cwd: appDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: '',
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  for (let tries = 0; ; tries += 1) {
    try {
      await request({ port, urlPath: '/api/v1/manage/login/info' });
      break;
    } catch (error) {
      if (tries > 600) throw error;
      await sleep(100);
    }
  }
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, sleep(5000)]);
  };
  return { port, pid: serverPid(child.pid), stop };
};

const benchDriver = async ({ driver, env, check }) => {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), `cms-bench-${driver}-`));
  const app = await startApp({
    env: {
      ...env,
      STORAGE_DRIVER: driver,
      PGLITE_DIR: path.join(temp, 'pglite'),
      UPLOAD_DIR: path.join(temp, 'uploads'),
      SESSION_SECRET_FILE: path.join(temp, 'secret'),
    },
  });
  try {
    const login = await request({
      port: app.port,
      method: 'POST',
      urlPath: '/api/v1/manage/login/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const { token } = JSON.parse(login.text).data;
    // Warm-up: one small upload loads the route's modules (and the storage SDK) before measuring.
    await upload({ port: app.port, token, size: MB });
    console.log(`\n[${driver}] server pid ${app.pid}, RSS after warm-up ${mb(rssOf(app.pid))} MB`);
    const growths = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const { baseline, peak, growth, result } = await measure({
        pid: app.pid,
        run: () => upload({ port: app.port, token, size: SIZE }),
      });
      growths.push(growth);
      console.log(
        `[${driver}] 20 MB upload #${run}: code ${result.body.code}, baseline ${mb(baseline)} MB, peak ${mb(peak)} MB, growth ${mb(growth)} MB`,
      );
      if (run === RUNS) await check({ port: app.port, url: result.body.data });
    }
    const refused = await measure({
      pid: app.pid,
      run: () => upload({ port: app.port, token, size: SIZE + 1 }),
    });
    console.log(
      `[${driver}] 20 MB + 1 byte: HTTP ${refused.result.status} "${refused.result.body.message}" Connection: ${refused.result.connection}, growth ${mb(refused.growth)} MB`,
    );
    console.log(
      `[${driver}] peak growth over ${RUNS} uploads: ${mb(Math.max(...growths))} MB (target ≤ 30 MB)`,
    );
  } finally {
    await app.stop();
    fs.rmSync(temp, { recursive: true, force: true });
  }
};

if (!fs.existsSync(path.join(appDir, '.next', 'BUILD_ID'))) {
  console.error(`没有找到构建结果：请先在 ${appDir} 运行 npx next build`);
  process.exit(1);
}

await benchDriver({
  driver: 'local',
  env: {},
  check: async ({ port, url }) => {
    const served = await request({ port, urlPath: url, headers: { range: 'bytes=0-99' } });
    const h = served.headers;
    console.log(
      `[local] GET ${url} (Range 0-99): ${served.status} ${h['content-type']}, ${h['content-range']}, ${h['content-disposition']}, nosniff=${h['x-content-type-options']}`,
    );
  },
});

const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-bench-s3rver-'));
const s3 = new S3rver({ address: '127.0.0.1', port: await freePort(), silent: true, directory: s3Dir });
const { port: s3Port } = await s3.run();
const s3Env = {
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_REGION: 'us-east-1',
  S3_BUCKET: 'bench',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_PUBLIC_URL: `http://127.0.0.1:${s3Port}/bench`,
  S3_FORCE_PATH_STYLE: 'true',
};
const s3Client = new S3Client({
  endpoint: s3Env.S3_ENDPOINT,
  region: s3Env.S3_REGION,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
try {
  await s3Client.send(new CreateBucketCommand({ Bucket: 'bench' }));
  await benchDriver({
    driver: 's3',
    env: s3Env,
    check: async ({ url }) => {
      const head = await s3Client.send(
        new HeadObjectCommand({ Bucket: 'bench', Key: url.split('/').slice(-3).join('/') }),
      );
      console.log(`[s3] HEAD object: ${head.ContentLength} bytes, ${head.ContentType}`);
    },
  });
} finally {
  s3Client.destroy();
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
}
