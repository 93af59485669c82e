// The thread that runs the app's PGlite (lib/db/pglite-thread.ts starts it and stands in for PGlite
// on the server's own thread). PGlite is PostgreSQL compiled to WebAssembly and runs on the thread
// that calls it: in the server's thread every statement, and every checkpoint a writing statement
// performs, held the event loop, so all other calls waited (docs/ARCHITECTURE.md → Data). Here the
// loop stays free; statements still run one at a time, as PGlite has one connection.
//
// Plain .mjs, loaded by Node as it is (never bundled): the standalone payload carries it
// (next.config.js). workerData: { dir, loadDump, options }: `dir` the data dir (null: in memory),
// `loadDump` a dumpDataDir() tar to start from (tests), `options` PGlite's (lib/db/pglite-options.ts).
//
// Messages in: { id, op, ... }; out: { id, ok: true, value } or { id, ok: false, error }.
// Rows go back as PostgreSQL's text with each column's type OID, unparsed: the other thread parses
// them with PGlite's own parsers, so Dates, arrays and bytes are made in that thread's realm (jest's
// `instanceof` fails on another realm's) and its callers' parsers apply. Errors go back as their
// fields; the other thread rebuilds PGlite's DatabaseError from them.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, messages } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import privateNodefs from '../lib/db/private-nodefs.js';
import { errorData, guardBackend } from './pglite-worker-errors.mjs';

/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { dir, loadDump, options } =
  /** @type {{ dir: string | null, loadDump: string | null, options: object }} */ (workerData);

/** @param {number} id @param {unknown} value */
const answer = (id, value) => port.postMessage({ id, ok: true, value });
/** @param {number} id @param {unknown} error */
const fail = (id, error) => port.postMessage({ id, ok: false, error: errorData(error) });

/** Opens the database as lib/db/client.ts did in its own thread; null (and said so) if it failed. */
const open = async () => {
  try {
    return await PGlite.create({
      ...options,
      loadDataDir: loadDump ? new Blob([fs.readFileSync(loadDump)]) : undefined,
      // Folders 0700 and files 0600, also those PGlite makes from now on (lib/db/private-nodefs.js).
      fs: dir === null ? undefined : privateNodefs.privateNodeFsOf(NodeFS, dir),
    });
  } catch (error) {
    // Message 0 answers the opening. Nothing listens afterwards, so the thread ends.
    fail(0, error);
    return null;
  }
};

const pg = await open();
if (pg) await serve(pg);

/** @param {PGlite} pg */
async function serve(pg) {
  // The array types PGlite made parsers for when it opened (each element type and its array type),
  // so the other thread makes the same ones.
  const arrayTypes = (
    await pg.query(
      `SELECT e.oid, e.typarray FROM pg_catalog.pg_type a
     LEFT JOIN pg_catalog.pg_type e ON e.oid = a.typelem
     WHERE a.typcategory = 'A' GROUP BY e.oid, e.typarray`,
      [],
      { rowMode: 'array' },
    )
  ).rows;

  // Every type PGlite knows read as its text: the parsers of a query's options replace PGlite's, so
  // with these a result's values stay as PostgreSQL sent them (null stays null).
  /** @type {Record<string, (text: string) => string>} */
  const asText = Object.fromEntries(Object.keys(pg.parsers).map((oid) => [oid, (text) => text]));

  // A parameter the other thread could not send as it is (an instance of a class of its own, say a
  // Decimal) comes as { [WRAPPED]: true, json, text }: what PGlite would have made of it, as JSON for
  // a json/jsonb parameter and as its text for any other. PGlite asks these serializers first.
  const WRAPPED = '__cmsPgliteParam';
  const jsonSerializer = pg.serializers[114];
  /** @type {Record<string, (value: any) => string>} */
  const serializers = new Proxy(
    {},
    {
      get: (_, oid) => {
        if (typeof oid !== 'string') return undefined;
        const own = pg.serializers[oid];
        /** @param {any} value */
        return (value) => {
          if (value?.[WRAPPED] === true) {
            if (own === jsonSerializer) return value.json;
            return own ? own(value.text) : value.text;
          }
          return own ? own(value) : value.toString();
        };
      },
    },
  );

  /** Statement options: unparsed rows, as arrays. @param {number[] | undefined} paramTypes */
  const queryOptions = (paramTypes) =>
    /** @type {import('@electric-sql/pglite').QueryOptions} */ ({
      rowMode: 'array',
      parsers: asText,
      serializers,
      ...(paramTypes ? { paramTypes } : {}),
    });

  /**
   * Open transactions by id: the transaction PGlite gave, and how to end it (PGlite commits when the
   * callback returns and rolls back when it throws).
   * @type {Map<number, { tx: Transaction, end: (commit: boolean) => void, done: Promise<unknown> }>}
   */
  const transactions = new Map();
  let lastTransaction = 0;
  /** The rejection that ends a transaction with a rollback (told from PGlite's own errors). */
  const ROLLBACK = Symbol('rollback');

  /** @param {number | undefined} txId */
  const runnerOf = (txId) => {
    if (txId === undefined) return pg;
    const open = transactions.get(txId);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  /**
   * @param {{ id: number, op: string, sql?: string, params?: unknown[], paramTypes?: number[],
   *   txId?: number, commit?: boolean }} message
   */
  const handle = async ({ id, op, sql = '', params, paramTypes, txId, commit }) => {
    switch (op) {
      case 'query':
        return answer(id, await runnerOf(txId).query(sql, params, queryOptions(paramTypes)));
      case 'exec':
        return answer(id, await runnerOf(txId).exec(sql, queryOptions(undefined)));
      case 'begin': {
        const txId = ++lastTransaction;
        /** @type {(commit: boolean) => void} */
        let end = () => {};
        const ended = new Promise((resolve, reject) => {
          end = (commit) => (commit ? resolve(undefined) : reject(ROLLBACK));
        });
        /** @type {Transaction | null} */
        let began = null;
        const done = pg.transaction(async (tx) => {
          began = tx;
          answer(id, txId);
          return ended;
        });
        transactions.set(txId, {
          get tx() {
            if (!began) throw new Error('Transaction is closed');
            return began;
          },
          end,
          done,
        });
        // BEGIN itself failed: the callback never ran.
        done.catch((error) => {
          if (!began) {
            transactions.delete(txId);
            fail(id, error);
          }
        });
        return;
      }
      case 'rollback': {
        const open = transactions.get(/** @type {number} */ (txId));
        if (!open) throw new Error('Transaction is closed');
        await open.tx.rollback();
        return answer(id, null);
      }
      case 'end': {
        const open = transactions.get(/** @type {number} */ (txId));
        if (!open) throw new Error('Transaction is closed');
        transactions.delete(/** @type {number} */ (txId));
        open.end(Boolean(commit));
        try {
          await open.done;
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        }
        return answer(id, null);
      }
      case 'close':
        await pg.close();
        return answer(id, null);
      default:
        throw new Error(`unknown operation ${op}`);
    }
  };

  // A PANIC (or FATAL) from PGlite leaves it unfit to go on: PostgreSQL's server would end the
  // session or every backend and recover from its WAL. PGlite has been seen to end the whole process
  // (a V8 fatal error) on the statement after an "ERRORDATA_STACK_SIZE exceeded" PANIC. So the thread
  // answers that call with it, refuses the calls after it, and ends; the other thread starts a new
  // one on the same data dir (lib/db/pglite-thread-keeper.ts).
  // Those refusals are what a crashed server's sessions get (57P02, FATAL: "unavailable", retryable).
  //
  //
  // The refusal is made where PGlite talks to its WebAssembly backend, not only where a message
  // arrives: statements that came earlier and wait in PGlite's own queue (behind an open
  // transaction, say) would otherwise reach the backend after the PANIC. `broken` is set as the
  // error leaves the backend, while the failing statement still holds PGlite's queue, and from then
  // on nothing reaches the backend: not even the Sync that PGlite sends in a `finally` to end the
  // failing statement (seen here: that Sync, after a PANIC met by an INSERT, ended the process with
  // a V8 fatal error). It is skipped instead of refused, so that call is answered with its own error.
  /** @type {unknown} */
  let broken = null;
  /** @param {unknown} error @param {boolean} [always] the backend itself threw (not an SQL error) */
  const breakOn = (error, always = false) => {
    const severity = /** @type {{ severity?: unknown }} */ (error)?.severity;
    if (broken || (!always && severity !== 'PANIC' && severity !== 'FATAL')) return;
    broken = Object.assign(new messages.DatabaseError('嵌入式数据库出现严重错误，线程正在退出', 0, 'error'), {
      severity: 'FATAL',
      code: '57P02',
    });
    // The failing call is answered before the thread ends (below); this only makes sure it ends.
    setTimeout(() => process.exit(70), 1000);
  };
  guardBackend(pg, () => broken, breakOn);

  port.on('message', (message) => {
    if (broken) return fail(message.id, broken);
    handle(message).catch((error) => {
      fail(message.id, error);
      breakOn(error);
      if (broken) setImmediate(() => process.exit(70));
    });
  });
  port.postMessage({ id: 0, ok: true, value: { arrayTypes } });
}
