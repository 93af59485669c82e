import 'server-only';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BoundedMap } from '@/lib/cache/bounded-map';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { PrismaClient, type Prisma } from '@/lib/generated/prisma/client';
import { logger } from '@/lib/logger';
import { readDbConfig } from './config';
import { applyMigrations } from './migrate';
import { pgliteAdapter } from './pglite-adapter';
import { acquireDirLock } from './pglite-lock';
import { startPglite, type PgliteConfig } from './pglite-start';
import { PgliteThread } from './pglite-thread';
import { PRIVATE_DIR_MODE } from './private-files';
import type { SqlRunner } from './sql-runner';
import { startUpLine } from './start-up-line';
import TRANSACTION_LIMITS from './transaction-limits.json';

export type Db = InstanceType<typeof PrismaClient>;

// `prepare`: a named prepared statement on PostgreSQL, so the server plans a hot statement once
// per connection instead of on every call (planning cost more than running the list's page query).
// PostgreSQL plans the first five runs with the values and then keeps a generic plan only if it
// costs about the same, so value-sensitive statements keep custom plans when they need them.
// Cache: statement text → its name, 1000 texts (least recently used evicted); the name is the
// text's hash and the generation, so an evicted text only hashes again.
//
// A prepared statement does not survive a change of the type of a column it returns, made by any
// process (a migration run by a newer instance during a rolling upgrade): PostgreSQL refuses it
// with "cached plan must not change result type" (0A000) on every connection that prepared it.
// The names then move to a new generation, so every connection prepares afresh, and the statement
// runs once more (the refusal comes before it runs, so a write is not applied twice).
const preparedNames = new BoundedMap<string, string>({ max: 1000 });
let nameGeneration = 0;
// The refusal's code and the server routine raising it (the message may be translated).
const isPlanResultChanged = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  (error as { routine?: string }).routine === 'RevalidateCachedQuery';
const preparedName = (text: string) => {
  let name = preparedNames.get(text);
  if (!name) {
    name = `cms${nameGeneration}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return name;
};
const renamePrepared = () => {
  nameGeneration += 1;
  preparedNames.clear();
};

// How long every transaction of the app may wait unless it says otherwise (the category save
// allows itself longer). Prisma's defaults, 2 s to start (to get a pool connection, or PGlite's
// one) and 5 s in all, count queueing as failure: with a pool of 4, a write waiting for a row lock
// holds its connection, so a burst of saves on a loaded machine (running-number creates queued on
// their category's row, item changes on its stat row, or behind a category save converting its
// items) passed them and was answered 500 (P2028) with nothing wrong. Plain statements wait for a
// connection and a lock without a limit. Both limits together (25 s) stay under the browser's 30 s
// (lib/client/api/core.ts): a call the browser has given up on must not commit afterwards, where a
// retry would write it twice. Past them the call answers 503 服务器繁忙 (lib/http/manage-route.ts).
// tests/api/news-save-load.test.ts. The numbers live in a JSON file that server/server.mjs reads
// too: on SIGTERM it gives running requests that long to finish.
const TRANSACTION_OPTIONS = { maxWait: TRANSACTION_LIMITS.maxWait, timeout: TRANSACTION_LIMITS.timeout };

// A line on the console before migrations run, so a start that migrates does not look hung.
const announceMigrations = (names: string[]) => startUpLine(`正在迁移数据库（${names.length} 个迁移）…`);

// `pgPool`: the pg pool on PostgreSQL (for libraries that take one, e.g. the login throttle's
// store); null on PGlite. `pgliteThread`: PGlite's thread (lib/db/pglite-thread.ts), when it runs in one.
type DbHandle = {
  db: Db;
  sql: SqlRunner;
  pgPool: Pool | null;
  pgliteThread?: PgliteThread;
  close: () => Promise<void>;
};

const openPostgres = async (url: string): Promise<DbHandle> => {
  const [{ Client, Pool }, { PrismaPg }] = await Promise.all([import('pg'), import('@prisma/adapter-pg')]);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await applyMigrations({
      runner: {
        query: async (sql, params) => (await client.query(sql, params)).rows,
        exec: async (sql) => {
          await client.query(sql);
        },
      },
      onPending: announceMigrations,
    });
  } finally {
    await client.end();
  }
  // One pool for the ORM and the raw runner. A small pool suits a 2-core machine shared with
  // PostgreSQL: more backends than cores only add context switches (bench/: 3 beats 10).
  // No parallel query for the app's own statements: on two cores shared with the app, starting
  // workers costs more than it saves, and it steered prepared list statements to slow plans.
  const pool = new Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_MAX) || 4,
    options: '-c max_parallel_workers_per_gather=0',
  });
  // An idle connection can be closed under the pool (a server restart, pg_terminate_backend, a
  // proxy's idle timeout): the pool drops it and opens another when needed. Without a listener
  // that error would be unhandled and end the process.
  pool.on('error', (error) => logger.warn({ err: error }, '数据库空闲连接已断开，已丢弃'));
  const db = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: TRANSACTION_OPTIONS });
  return {
    db,
    pgPool: pool,
    sql: {
      query: async (statement, options) => {
        const { text, values } = statement;
        if (!options?.prepare) return (await pool.query({ text, values })).rows;
        try {
          return (await pool.query({ name: preparedName(text), text, values })).rows;
        } catch (error) {
          if (!isPlanResultChanged(error)) throw error;
          renamePrepared();
          return (await pool.query({ name: preparedName(text), text, values })).rows;
        }
      },
    },
    close: async () => {
      await db.$disconnect();
      if (!pool.ended) await pool.end();
    },
  };
};

const openPglite = async (config: PgliteConfig): Promise<DbHandle> => {
  let release = () => {};
  let pglite: PGlite | PgliteThread | undefined;
  if (!config.isMemory) {
    fs.mkdirSync(/*turbopackIgnore: true*/ path.dirname(config.dir), {
      recursive: true,
      mode: PRIVATE_DIR_MODE,
    });
    ({ release } = acquireDirLock({ lockPath: `${config.dir}.lock`, dataDir: config.dir }));
  }
  try {
    // The same module the adapter loads: its DatabaseError is what the adapter recognises.
    const [pgliteModule, { PrismaPGlite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('pglite-prisma-adapter'),
    ]);
    pglite = await startPglite(config, pgliteModule);
    const opened = pglite;
    await applyMigrations({
      runner: {
        query: async (sql, params) => (await opened.query(sql, params)).rows as never[],
        exec: async (sql) => {
          await opened.exec(sql);
        },
      },
      onPending: announceMigrations,
    });
    const db = new PrismaClient({
      // The thread's stand-in has what the adapter uses of PGlite (lib/db/pglite-thread.ts).
      adapter: pgliteAdapter(PrismaPGlite, opened),
      transactionOptions: TRANSACTION_OPTIONS,
    });
    return {
      db,
      pgPool: null,
      pgliteThread: opened instanceof PgliteThread ? opened : undefined,
      sql: {
        query: async <T>(statement: Prisma.Sql) =>
          (await opened.query<T>(statement.text, statement.values)).rows,
      },
      close: async () => {
        await db.$disconnect();
        await opened.close();
        release();
      },
    };
  } catch (error) {
    // Closed before its lock is let go (a migration that failed, say).
    await pglite?.close().catch(() => {});
    release();
    throw error;
  }
};

const open = async (): Promise<DbHandle> => {
  const config = readDbConfig();
  const handle = config.kind === 'postgres' ? await openPostgres(config.url) : await openPglite(config);
  logger.info(
    {
      db:
        config.kind === 'postgres'
          ? 'postgresql'
          : config.isMemory
            ? 'pglite(memory)'
            : `pglite(${config.dir})`,
    },
    '数据库已就绪',
  );
  return handle;
};

// One open database per process, kept on globalThis: a dev hot reload, and every server bundle
// that includes this module (instrumentation, route handlers), must share it, never open a second
// PGlite on the same folder. Closed by closeDb() (instrumentation.ts's closeDatabase on shutdown).
const store = globalThis as typeof globalThis & { __cmsDb?: Promise<DbHandle> };

const handle = () =>
  (store.__cmsDb ??= open().catch((error) => {
    store.__cmsDb = undefined;
    throw error;
  }));

export const getDb = async (): Promise<Db> => (await handle()).db;

export const getSql = async (): Promise<SqlRunner> => (await handle()).sql;

export const getPgPool = async () => (await handle()).pgPool;

/** PGlite's thread, when the database is PGlite in a thread of its own (tests make it die). */
export const getPgliteThread = async () => (await handle()).pgliteThread ?? null;

export const closeDb = async () => {
  const pending = store.__cmsDb;
  store.__cmsDb = undefined;
  if (pending) await (await pending).close();
};
