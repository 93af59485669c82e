import 'server-only';
import type { Results } from '@electric-sql/pglite';
import {
  resultsOf,
  sendable,
  type PgliteModule,
  type RawResults,
  type ThreadQueryOptions,
} from './pglite-thread-codec';
import { RESTART, ThreadKeeper, type RestartPolicy } from './pglite-thread-keeper';
import type { ThreadLink } from './pglite-thread-link';

/**
 * PGlite in a thread of its own (server/pglite-worker.mjs), and its stand-in on the server's
 * thread: `query`, `exec`, `transaction` (its `tx.query`, `tx.exec`, `tx.rollback`) and `close`,
 * what lib/db/client.ts and the Prisma adapter (pglite-prisma-adapter) use of PGlite, answering as
 * PGlite does. PGlite runs on the thread that calls it, so in the server's thread every statement
 * (and a checkpoint inside a writing one) held the event loop and with it every other call; here the
 * loop stays free while a statement runs. Statements still run one at a time (PGlite has one
 * connection): a statement from outside a running transaction waits for it to end, as in PGlite
 * (the thread's PGlite does that queueing itself). docs/ARCHITECTURE.md → Data. What crosses
 * between the threads, and how: lib/db/pglite-thread-codec.ts.
 *
 * What differs from PGlite in-thread: the query options taken are `rowMode`, `parsers` and
 * `paramTypes` (no `serializers`, `blob` or `onNotice`).
 *
 * If the thread dies, the calls in flight and its open transactions fail, calls are refused until a
 * new thread has reopened the same data dir, and then served again (lib/db/pglite-thread-keeper.ts).
 */

/** The transaction a `transaction()` callback gets, as PGlite's `Transaction` (minus sql/listen). */
export type ThreadTransaction = {
  query: <T>(query: string, params?: unknown[], options?: ThreadQueryOptions) => Promise<Results<T>>;
  exec: (query: string, options?: ThreadQueryOptions) => Promise<Results[]>;
  rollback: () => Promise<void>;
  readonly closed: boolean;
};

/** Ends the serving thread at once, as a crash would: for tests only (nothing else holds it). */
export const KILL_THREAD = Symbol('pglite thread: kill');

export class PgliteThread {
  readonly #module: PgliteModule;
  readonly #keeper: ThreadKeeper;

  private constructor(module: PgliteModule, keeper: ThreadKeeper) {
    this.#module = module;
    this.#keeper = keeper;
  }

  /**
   * Starts the thread and opens PGlite in it: `dir` the data dir (null: in memory), `loadDump` a
   * dumpDataDir() tar to start from, `options` PGlite's. `pgliteModule`: the `@electric-sql/pglite`
   * the Prisma adapter loads (its types and DatabaseError). `restart`: the waits after a death.
   */
  static async open({
    dir,
    loadDump,
    options,
    pgliteModule,
    restart = RESTART,
  }: {
    dir: string | null;
    loadDump?: string;
    options: object;
    pgliteModule: PgliteModule;
    restart?: RestartPolicy;
  }) {
    const keeper = new ThreadKeeper(pgliteModule, { dir, loadDump: loadDump || null, options }, restart);
    await keeper.open();
    return new PgliteThread(pgliteModule, keeper);
  }

  async #query<T>(
    link: ThreadLink,
    query: string,
    params: unknown[] | undefined,
    options: ThreadQueryOptions | undefined,
    txId: number | undefined,
  ) {
    const raw = (await link.send(
      { op: 'query', sql: query, params: params?.map(sendable), paramTypes: options?.paramTypes, txId },
      // PGlite's own default, on its errors too.
      { query, params: params ?? [], options },
    )) as RawResults;
    return resultsOf(this.#module, this.#keeper.parsers, raw, options) as Results<T>;
  }

  async #exec(link: ThreadLink, query: string, options: ThreadQueryOptions | undefined, txId?: number) {
    const raw = (await link.send(
      { op: 'exec', sql: query, txId },
      { query, params: undefined, options },
    )) as RawResults[];
    return raw.map((results) => resultsOf(this.#module, this.#keeper.parsers, results, options));
  }

  /** One statement (PGlite's `query`: the extended protocol, `$1` parameters). */
  async query<T>(query: string, params?: unknown[], options?: ThreadQueryOptions) {
    return this.#query<T>(this.#keeper.current(), query, params, options, undefined);
  }

  /** Statements without parameters (PGlite's `exec`: the simple protocol), one result each. */
  async exec(query: string, options?: ThreadQueryOptions) {
    return this.#exec(this.#keeper.current(), query, options);
  }

  /**
   * A transaction, as PGlite's: `callback` gets it once BEGIN has run; it commits when the callback
   * returns and rolls back when it throws (then the callback's error is thrown), or when it calls
   * `tx.rollback()`. Other statements wait until it ends. It belongs to its thread: if that one
   * dies, every later statement of it fails, and so does its commit.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const link = this.#keeper.current();
    const txId = (await link.send({ op: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async (query, params, options) => {
        open();
        return this.#query(link, query, params, options, txId);
      },
      exec: async (query, options) => {
        open();
        return this.#exec(link, query, options, txId);
      },
      rollback: async () => {
        open();
        // A dead thread's transaction is gone already, rolled back with it (the Prisma adapter
        // does not await this: a rejection would be unhandled).
        await link.send({ op: 'rollback', txId }).catch((error: unknown) => {
          if (!link.ended) throw error;
        });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      // A dead thread's transaction is already gone, rolled back with it. A rollback that fails
      // too does not hide why the transaction ended: the callback's error is the one thrown.
      if (!link.ended) await link.send({ op: 'end', txId, commit: false }).catch(() => undefined);
      throw error;
    }
    closed = true;
    await link.send({ op: 'end', txId, commit: true });
    return result;
  }

  /**
   * Closes PGlite once the statements and the transaction before it are done (as PGlite's close),
   * then ends the thread. A thread that is down is not started again.
   */
  async close() {
    const link = await this.#keeper.stop();
    if (!link) return;
    try {
      await link.send({ op: 'close' });
    } finally {
      await link.terminate();
    }
  }

  /** Ends the serving thread as a crash would (tests only): resolves once it has ended. */
  async [KILL_THREAD]() {
    await this.#keeper.kill();
  }
}
