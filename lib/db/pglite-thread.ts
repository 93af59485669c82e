import 'server-only';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * PGlite on a thread of its own, served over a Unix socket by @electric-sql/pglite-socket, so the
 * app reaches it through the same `pg` pool and Prisma adapter as PostgreSQL.
 *
 * Why: PGlite is Postgres compiled to WebAssembly and runs every statement on the thread that
 * holds it. On the event loop's thread every statement stalls every request, and a 2-core machine
 * keeps one core idle (bench/: the list at ~250 req/s with one core pegged).
 *
 * One connection only (the caller's pool has max 1): PGlite is one Postgres backend, one session.
 * pglite-socket queues the wire messages of several connections onto it one message at a time and
 * keeps other connections out only inside an explicit transaction block (BEGIN…COMMIT). Between
 * the Parse and the Sync of an extended-protocol query (every query with parameters) another
 * connection's messages could run, rebinding the session's unnamed statement; and session state
 * (prepared statement names, advisory locks, SET) would be shared by "connections" that do not
 * know of each other. With one connection the session sees one ordered stream of statements, as
 * the in-process adapter does (PGlite's own lock around each query and transaction).
 *
 * The worker is plain CommonJS evaluated from a string (as the bcrypt pool's) and loads PGlite and
 * pglite-socket from the project's node_modules (process.cwd()), so it needs no bundler support;
 * next.config.js traces both into the standalone output. The socket lives in a new 0700 folder
 * under the system temp dir: the socket has no password, the folder's mode keeps other users out.
 * The folder's name holds the pid, so a later start removes the folders of killed processes.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const load = require('node:module').createRequire(process.cwd() + '/');
const { PGlite } = load('@electric-sql/pglite');
const { PGLiteSocketServer } = load('@electric-sql/pglite-socket');
let db;
let server;
const start = async () => {
  const { dataDir, loadDump, socketPath, options } = workerData;
  const loadDataDir = loadDump ? new Blob([fs.readFileSync(loadDump)]) : undefined;
  db = await PGlite.create(dataDir, { ...options, loadDataDir });
  // 2: the one connection, and its replacement while the old one's close is still being handled.
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
  await server.start();
  parentPort.postMessage({ type: 'ready' });
};
const stop = async () => {
  try {
    if (server) await server.stop();
    if (db && !db.closed) await db.close();
    parentPort.postMessage({ type: 'closed' });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: String(error && error.message), stack: error && error.stack });
  }
  parentPort.close();
};
parentPort.on('message', (message) => {
  if (message.type === 'close') void stop();
});
start().catch((error) => {
  parentPort.postMessage({ type: 'failed', message: String(error && error.message), stack: error && error.stack });
});
`;

type Message = { type: 'ready' } | { type: 'closed' } | { type: 'failed'; message: string; stack?: string };

export type PgliteThread = {
  /** For `pg`: the folder holding the socket `.s.PGSQL.5432`. */
  host: string;
  port: number;
  /** Stops the socket server and closes PGlite (its files written), then ends the thread. */
  close: () => Promise<void>;
};

const SOCKET_DIR_PREFIX = 'cms-pglite-';

/** Socket folders left by processes killed without closing (kill -9): their pid is dead. */
const removeStaleSocketDirs = () => {
  const pattern = new RegExp(`^${SOCKET_DIR_PREFIX}(\\d+)-`);
  const tmp = os.tmpdir();
  for (const name of fs.readdirSync(/*turbopackIgnore: true*/ tmp)) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!pid) continue;
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive) fs.rmSync(/*turbopackIgnore: true*/ path.join(tmp, name), { recursive: true, force: true });
  }
};

const failure = (message: Extract<Message, { type: 'failed' }>) => {
  const error = new Error(message.message);
  if (message.stack) error.stack = message.stack;
  return error;
};

/**
 * Starts PGlite on `dataDir` (undefined: in memory, from `loadDump` if given) in a worker thread.
 * `onExit`: the thread ended without being closed (PGlite aborted): the database is gone.
 */
export const startPgliteThread = async ({
  dataDir,
  loadDump,
  onExit,
}: {
  dataDir: string | undefined;
  loadDump?: string;
  onExit: (error: Error) => void;
}): Promise<PgliteThread> => {
  removeStaleSocketDirs();
  const host = fs.mkdtempSync(path.join(os.tmpdir(), `${SOCKET_DIR_PREFIX}${process.pid}-`));
  const port = 5432;
  const removeSocketDir = () => fs.rmSync(/*turbopackIgnore: true*/ host, { recursive: true, force: true });
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    name: 'pglite',
    workerData: { dataDir, loadDump, socketPath: path.join(host, `.s.PGSQL.${port}`), options: {} },
  });
  let closing = false;
  let closed: Promise<void> | undefined;
  // An uncaught error in the thread (PGlite aborted): kept for the exit that follows it.
  let threadError: Error | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: Message) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'failed') reject(failure(message));
    });
    worker.on('error', (error) => {
      threadError = error;
      reject(error);
    });
    worker.once('exit', (code) => {
      removeSocketDir();
      const error = threadError ?? new Error(`嵌入式数据库线程已退出（代码 ${code}）`);
      reject(error);
      if (!closing) onExit(error);
    });
  });
  try {
    await ready;
  } catch (error) {
    closing = true;
    await worker.terminate();
    removeSocketDir();
    throw error;
  }
  const close = () =>
    (closed ??= new Promise<void>((resolve, reject) => {
      closing = true;
      worker.on('message', (message: Message) => {
        if (message.type === 'failed') reject(failure(message));
      });
      worker.once('exit', () => resolve());
      worker.postMessage({ type: 'close' });
    }));
  return { host, port, close };
};
