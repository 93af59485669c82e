// The container's payload without a container engine: the build's output is laid out in a temp
// folder exactly as the Dockerfile's final-stage COPY lines lay it out, and started with its CMD,
// its ENV and the variables a deployment gives it (a fresh PostgreSQL database, s3rver as the S3
// store). Then a browser signs in with the first admin's password from the log, a file is uploaded,
// an item saved with it, both read back, and SIGTERM drains a request in flight.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { readDockerfile, REPO_ROOT } from '../helpers/dockerfile';
import { startTestS3, type TestS3 } from '../storage/helpers/s3-server';
import { fieldDef, makeTestFiles } from './support/field-fixtures';
import { fillLogin } from './support/helpers';

const adminUrl = process.env.TEST_DATABASE_URL;
// Next to the browser suites' own server (E2E_PORT).
const port = Number(process.env.E2E_PORT || 3210) + 1;
const s3Port = port + 1;
const base = `http://127.0.0.1:${port}`;

/**
 * Docker COPY of a folder or file: contents merged into `dest`, symlinks kept as they are (relative,
 * so nothing points back into this checkout). Files are hard-linked when the file system allows
 * (the server only reads them; 2,300 files copy in seconds on a busy disk), copied otherwise.
 */
const copyInto = (source: string, dest: string) => {
  const stat = fs.lstatSync(source);
  if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), dest);
  else if (stat.isDirectory()) {
    fs.mkdirSync(dest, { recursive: true });
    for (const name of fs.readdirSync(source)) copyInto(path.join(source, name), path.join(dest, name));
  } else {
    fs.rmSync(dest, { force: true });
    try {
      fs.linkSync(source, dest);
    } catch {
      fs.copyFileSync(source, dest);
    }
  }
};

/** Copies what the final stage copies, from this checkout, under `root` (standing for `/`). */
const layOutImage = (root: string) => {
  const { stages, final } = readDockerfile();
  for (const copy of final.copies) {
    const stage = stages.find((candidate) => candidate.name === copy.from);
    if (!stage) throw new Error(`COPY --from=${copy.from}: no such stage`);
    const dest = path.join(root, path.posix.resolve(final.workdir, copy.dest));
    for (const source of copy.sources)
      copyInto(path.join(REPO_ROOT, path.posix.relative(stage.workdir, source)), dest);
  }
  return { final, workdir: path.join(root, final.workdir) };
};

/** The folder and every one above it has no node_modules: the payload resolves only its own. */
const ancestorsWithNodeModules = (dir: string) => {
  const found: string[] = [];
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, 'node_modules'))) found.push(current);
    if (current === path.dirname(current)) return found;
  }
};

const refusesConnections = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

test.describe('容器镜像的运行内容（standalone 构建，按 Dockerfile 摆放并以其 CMD 启动）', () => {
  test.skip(!adminUrl, '需要 PostgreSQL：设置 TEST_DATABASE_URL');

  let root = '';
  let s3: TestS3 | undefined;
  let server: ChildProcess | undefined;
  let output = '';
  const dbName = `cms_payload_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  test.afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await s3?.stop();
    if (adminUrl) await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  test('登录、上传、保存引用该文件的内容并读回；SIGTERM 时做完进行中的请求再退出', async ({ page }) => {
    test.setTimeout(120_000);
    const started = Date.now();

    const { final, workdir } = await test.step('按 Dockerfile 摆放构建产物', () => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-image-'));
      const laidOut = layOutImage(root);
      console.log(`[payload] laid out in ${Date.now() - started} ms`);
      return laidOut;
    });
    await test.step('镜像里没有开发依赖，也不依赖外面的 node_modules', () => {
      const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
        devDependencies: Record<string, string>;
      };
      const present = Object.keys(pkg.devDependencies).filter((name) =>
        fs.existsSync(path.join(workdir, 'node_modules', name)),
      );
      expect(present).toEqual([]);
      expect(fs.existsSync(path.join(workdir, 'node_modules', 'sharp'))).toBe(false);
      // No native addon: JavaScript and wasm (PGlite, Prisma's query compiler) only, so the payload
      // built here runs the same on the image's musl-based Alpine.
      const addons = fs
        .readdirSync(workdir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.node'));
      expect(addons).toEqual([]);
      expect(ancestorsWithNodeModules(workdir)).toEqual([]);
      // The health endpoint is among the routes the server calls directly (not through Next).
      const { readApiTable } = createRequire(__filename)(path.join(workdir, 'server/api-routes.js'));
      expect(readApiTable(path.join(workdir, '.next')).has('/api/health')).toBe(true);
      for (const file of [
        'server/server.mjs',
        'lib/http/server-handoff.js',
        '.next/static',
        'public/robots.txt',
        'prisma/migrations',
      ])
        expect([file, fs.existsSync(path.join(workdir, file))]).toEqual([file, true]);
    });

    await test.step('以 CMD 启动：新的 PostgreSQL 数据库 + s3rver', async () => {
      await admin(`CREATE DATABASE "${dbName}"`);
      const dbUrl = new URL(adminUrl as string);
      dbUrl.pathname = `/${dbName}`;
      s3 = await startTestS3({ port: s3Port });
      const [command, ...args] = final.cmd ?? [];
      expect(command).toBe('node');
      // Only the image's ENV and what a deployment passes: nothing of this shell leaks in.
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        ...final.env,
        HOST: '127.0.0.1', // loopback here; the image listens on 0.0.0.0
        PORT: String(port),
        DATABASE_URL: dbUrl.toString(),
        STORAGE_DRIVER: 's3',
        ...s3.env,
      };
      const child = spawn(process.execPath, args, {
        cwd: workdir,
        env: env as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      server = child;
      await expect
        .poll(
          async () => {
            if (server?.exitCode !== null) return `exited ${server?.exitCode}: ${output}`;
            return (await fetch(`${base}/api/health`).catch(() => null))?.status;
          },
          { timeout: 60_000, intervals: [250] },
        )
        .toBe(200);
      console.log(`[payload] server answered /api/health 200 after ${Date.now() - started} ms`);
    });

    const health = await (await fetch(`${base}/api/health`)).json();
    expect(health).toEqual({
      status: 'ok',
      checks: { db: { ok: true, ms: expect.any(Number) }, storage: { ok: true, ms: expect.any(Number) } },
    });
    expect((await fetch(`${base}/robots.txt`)).status).toBe(200);

    const password = /初始密码：(\S+)/.exec(output)?.[1];
    expect(password, `首次启动在日志里打印管理员初始密码：${output}`).toBeTruthy();

    const token = await test.step('在浏览器里登录（页面与静态资源来自镜像）', async () => {
      await page.goto(`${base}/login`);
      await fillLogin({ page, username: 'admin', password: password as string });
      await page.getByLabel('密码', { exact: true }).press('Enter');
      await expect(page).toHaveURL(`${base}/home`);
      await expect(page.getByRole('heading', { name: /欢迎回来/ })).toBeVisible();
      const cookie = (await page.context().cookies(base)).find((item) => item.name === 'Admin-Token');
      expect(cookie?.value).toBeTruthy();
      return cookie?.value as string;
    });
    const headers = { 'X-Token': token };
    const files = await makeTestFiles({ page });
    const picture = files.png('cover.png');

    const url = await test.step('上传一张图片，按返回的地址从 S3 读回同样的字节', async () => {
      const response = await page.request.post(
        `${base}/api/v1/manage/news_manage/upload_one_file?kind=image`,
        {
          headers,
          multipart: { file: picture },
        },
      );
      const answer = await response.json();
      expect(answer.code, answer.message).toBe(200);
      const fileUrl = answer.data as string;
      expect(fileUrl.startsWith(`${s3?.env.S3_PUBLIC_URL}/`)).toBe(true);
      const served = await page.request.get(fileUrl);
      expect(served.status()).toBe(200);
      expect(Buffer.compare(await served.body(), picture.buffer)).toBe(0);
      return fileUrl;
    });

    await test.step('保存引用该图片的内容，接口与列表页都读回它', async () => {
      const key = `payload_${randomBytes(3).toString('hex')}`;
      const classAnswer = await (
        await page.request.post(`${base}/api/v1/manage/class_manage/save_class`, {
          headers,
          data: {
            name: '容器验收',
            key,
            class_type: '0',
            content_fileds: {
              list: [fieldDef({ key: 'cover', title: '封面', type: 'img', showlist: true })],
            },
          },
        })
      ).json();
      expect(classAnswer.code, classAnswer.message).toBe(200);
      const title = '镜像里保存的第一条内容';
      const saved = await (
        await page.request.post(`${base}/api/v1/manage/news_manage/save_news_info`, {
          headers,
          data: { class_id: classAnswer.data.id, title, cover: url },
        })
      ).json();
      expect(saved.code, saved.message).toBe(200);
      const one = await (
        await page.request.get(`${base}/api/v1/manage/news_manage/get_news_one?id=${saved.data.id}`, {
          headers,
        })
      ).json();
      expect(one.data).toMatchObject({ id: saved.data.id, title, cover: url });
      await page.goto(`${base}/NewsManage/${key}`);
      await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
      // The cover cell shows the picture, fetched by the browser from the S3 store. Through its button:
      // once (1 run in a full rehearsal) the same src also matched a second, hidden img on the page.
      const cover = page.getByRole('button', { name: '查看封面' }).locator(`img[src="${url}"]`);
      await expect(cover).toBeVisible();
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    });

    await test.step('SIGTERM：不再接受连接，做完进行中的上传，关闭数据库后退出', async () => {
      const agent = new http.Agent({ keepAlive: true });
      const boundary = `----payload${randomBytes(8).toString('hex')}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="late.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));
      let taken: () => void = () => {};
      const running = new Promise<void>((resolve) => (taken = resolve));
      const request = http.request(`${base}/api/v1/manage/news_manage/upload_one_file?kind=image`, {
        method: 'POST',
        agent,
        headers: {
          'X-Token': token,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + picture.buffer.length + tail.length,
          // The server answers 100 Continue once it has taken the request: it is then running.
          Expect: '100-continue',
        },
      });
      request.on('continue', () => taken());
      const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
        request.on('error', reject);
        request.on('response', (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
      });
      request.flushHeaders();
      await running;
      server?.kill('SIGTERM');
      await expect.poll(refusesConnections, { timeout: 10_000, intervals: [50] }).toBe(true);
      request.write(head);
      request.write(picture.buffer);
      request.end(tail);
      const answer = await answered;
      expect(answer.status).toBe(200);
      const late = JSON.parse(answer.body);
      expect(late.code, late.message).toBe(200);
      // Once the answer is sent its keep-alive connection closes, the server closes the database
      // and exits 0 (not after its 10 s limit, which exits 1 with the database left open).
      expect(await exited).toBe(0);
      expect(output).toContain('数据库已关闭');
      agent.destroy();
      const keys = await s3?.listKeys();
      expect(keys).toContain(new URL(late.data).pathname.split('/').slice(-3).join('/'));
      expect(output).not.toMatch(/\[server\]|Error:/);
    });
    console.log(`[payload] whole test ${Date.now() - started} ms`);
  });
});

// The same payload on its default, the embedded database in /app/data: the first start creates
// the data dir in a child process (server/pglite-initdb.mjs, which must find PGlite in the
// payload), a restart opens it; PGlite's WebAssembly is in the payload once.
test.describe('容器镜像的运行内容：内嵌数据库（PGlite）', () => {
  let root = '';
  let server: ChildProcess | undefined;

  test.afterAll(() => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  test('首次启动在子进程里建库，重启后打开同一目录；PGlite 只带一份', async () => {
    test.setTimeout(420_000);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-image-'));
    const { final, workdir } = layOutImage(root);
    const pglite = path.join(workdir, 'node_modules/@electric-sql/pglite/dist');
    for (const file of ['pglite.wasm', 'pglite.data', 'initdb.wasm', 'index.js'])
      expect([file, fs.existsSync(path.join(pglite, file))]).toEqual([file, true]);
    const bundledWasm = fs
      .readdirSync(path.join(workdir, '.next/server'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(wasm|data)$/.test(file) && /pglite|initdb/.test(file));
    expect(bundledWasm).toEqual([]);

    const [command, ...args] = final.cmd ?? [];
    for (const start of ['首次启动', '重启']) {
      await test.step(start, async () => {
        let output = '';
        const env: Record<string, string> = {
          PATH: process.env.PATH ?? '',
          ...final.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          ADMIN_PASSWORD: 'Admin12345',
        };
        const child = spawn(command, args, {
          cwd: workdir,
          env: env as NodeJS.ProcessEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        server = child;
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        await expect
          .poll(
            async () => {
              if (child.exitCode !== null) return `exited ${child.exitCode}: ${output}`;
              return (await fetch(`${base}/api/health`).catch(() => null))?.status;
            },
            { timeout: 300_000, intervals: [250] },
          )
          .toBe(200);
        const login = await (
          await fetch(`${base}/api/v1/manage/login/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password: 'Admin12345' }),
          })
        ).json();
        expect(login.code, login.message).toBe(200);
        expect(output.includes('正在创建嵌入式数据库')).toBe(start === '首次启动');
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(output).not.toMatch(/\[server\]|Error:/);
      });
    }
    const dataDir = path.join(workdir, 'data/pglite');
    expect(fs.readFileSync(path.join(dataDir, 'postgresql.conf'), 'utf8')).toContain('shared_buffers = 16MB');
    expect(fs.existsSync(`${dataDir}.creating`)).toBe(false);
  });
});
