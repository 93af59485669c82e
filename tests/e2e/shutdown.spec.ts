import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import TRANSACTION_LIMITS from '../../lib/db/transaction-limits.json';
import { withPglite } from './support/crash-db';
import { startServer, type RunningServer } from './support/crash-server';

// SIGTERM on the embedded database (server/server.mjs): a call still running when the signal
// comes — for longer than the 10 s the server used to allow — is answered and committed, new
// connections are refused meanwhile, PGlite is closed (its control file says "shut down", its lock
// file is gone), the exit code is 0, and the data dir opens again with the answered save in it.
//
// The call is kept running by its body, which arrives 11 s after the signal. (With PGlite in the
// server's own thread, PGLITE_THREAD=0, a query made slow inside the database, pg_sleep, would hold
// back the signal's handling too and prove nothing about the grace; the held body works on both.)

const port = Number(process.env.E2E_PORT || 3210) + 1;
const base = `http://127.0.0.1:${port}`;
// How long after SIGTERM the call is still running: past the old 10 s, within the grace the
// server gives (a transaction's 10 s wait + 15 s run + 1 s, lib/db/transaction-limits.json).
const RUNNING_MS = 11_000;
const GRACE_MS = TRANSACTION_LIMITS.maxWait + TRANSACTION_LIMITS.timeout + 1_000;
// PostgreSQL's pg_control: the cluster state (DBState) is the int32 at byte 16. 1 = shut down
// cleanly; 6 = in production (open, or left so by a crash: the next open replays the WAL).
const DB_SHUTDOWNED = 1;
const controlState = (dir: string) => fs.readFileSync(path.join(dir, 'global', 'pg_control')).readInt32LE(16);

const refusesConnections = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

const BASE_SET = Object.fromEntries(
  ['title', 'short_title', 'intro', 'content'].map((key) => [
    key,
    { name: key, showlist: true, isshow: true },
  ]),
);

type Answer = { code: number; message: string; data: { id: number } };

/**
 * A save whose headers go now and whose body is held until `send()`: resolves `taken` once the
 * server has the request (it answers 100 Continue to Expect), `answer` with its envelope.
 */
const heldSave = ({ token, body }: { token: string; body: string }) => {
  const bytes = Buffer.from(body);
  let taken: () => void = () => {};
  const isTaken = new Promise<void>((resolve) => (taken = resolve));
  const request = http.request(`${base}/api/v1/manage/news_manage/save_news_info`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(bytes.length),
      'x-token': token,
      expect: '100-continue',
    },
  });
  request.on('continue', () => taken());
  const answer = new Promise<{ status: number; body: Answer }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
  });
  request.flushHeaders();
  return { isTaken, answer, send: () => request.end(bytes) };
};

test.describe('SIGTERM（内嵌数据库）', () => {
  let root = '';
  let server: RunningServer | undefined;
  test.afterAll(async () => {
    await server?.kill9().catch(() => {});
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  test('进行中的调用做完并提交，新连接被拒，PGlite 正常关闭，退出码 0，数据目录可再打开', async () => {
    test.setTimeout(240_000);
    expect(RUNNING_MS).toBeGreaterThan(10_000);
    expect(RUNNING_MS + 3_000).toBeLessThan(GRACE_MS);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-shutdown-'));
    const pgliteDir = path.join(root, 'pglite');
    const env = { port, databaseUrl: '', pgliteDir, root };

    server = await startServer(env);
    const created = await server.post('class_manage/save_class', {
      name: '停机',
      key: 'shutdown',
      class_type: '0',
      content_fileds: { list: [], base_set: BASE_SET },
    });
    expect(created.code, created.message).toBe(200);
    const classId = (created.data as { id: number }).id;

    const save = heldSave({
      token: server.token,
      body: JSON.stringify({ class_id: classId, title: '停机前开始' }),
    });
    await save.isTaken;
    const signalled = Date.now();
    const stopped = server.stop();
    await expect.poll(refusesConnections, { timeout: 5_000, intervals: [50] }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, RUNNING_MS - (Date.now() - signalled)));
    save.send();
    const answer = await save.answer;
    expect([answer.status, answer.body.code, answer.body.message]).toEqual([200, 200, '添加成功']);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(RUNNING_MS);
    const itemId = answer.body.data.id;
    await stopped;
    expect(server.exitCode()).toBe(0);
    expect(server.output()).toContain('数据库已关闭');
    expect(server.output()).not.toMatch(/\[server\]|Error:/);
    expect(fs.existsSync(`${pgliteDir}.lock`)).toBe(false);
    expect(controlState(pgliteDir)).toBe(DB_SHUTDOWNED);

    // Reopened: the answered save is there; the server starts on the dir again and stops cleanly.
    const rows = await withPglite(pgliteDir, (sql) =>
      sql<{ id: number; title: string }>(`SELECT id, title FROM news WHERE class_id = $1`, [classId]),
    );
    expect(rows).toEqual([{ id: itemId, title: '停机前开始' }]);
    expect(controlState(pgliteDir)).toBe(DB_SHUTDOWNED);
    server = await startServer(env);
    const read = (await (
      await fetch(`${base}/api/v1/manage/news_manage/get_news_one?id=${itemId}`, {
        headers: { 'x-token': server.token },
      })
    ).json()) as { code: number; data: { title: string } };
    expect([read.code, read.data.title]).toEqual([200, '停机前开始']);
    await server.stop();
    expect(server.exitCode()).toBe(0);
    expect(controlState(pgliteDir)).toBe(DB_SHUTDOWNED);
  });
});
