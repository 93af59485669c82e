import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * PGlite in a thread of its own (server/pglite-worker.mjs), and its stand-in on the server's
 * thread: `query`, `exec`, `transaction` (its `tx.query`, `tx.exec`, `tx.rollback`) and `close`,
 * what lib/db/client.ts and the Prisma adapter (pglite-prisma-adapter) use of PGlite, answering as
 * PGlite does. PGlite runs on the thread that calls it, so in the server's thread every statement
 * (and a checkpoint inside a writing one) held the event loop and with it every other call; here the
 * loop stays free while a statement runs. Statements still run one at a time (PGlite has one
 * connection): a statement from outside a running transaction waits for it to end, as in PGlite
 * (the thread's PGlite does that queueing itself). docs/ARCHITECTURE.md → Data.
 *
 * Rows come across as PostgreSQL's text and each column's type OID, and are parsed here with
 * PGlite's own `types.parseType` over PGlite's parsers, the array parsers PGlite made when it opened
 * and the caller's `parsers`: so Dates, arrays and Uint8Arrays belong to this thread's realm (jest
 * checks `instanceof` against its own), and the values are those PGlite gives in-thread
 * (tests/pglite/pglite-thread.test.ts). Errors come across as their fields and are rebuilt as the
 * `DatabaseError` of the PGlite module given (the one the Prisma adapter checks with `instanceof`,
 * to turn 23505 into P2002), with code, detail, constraint, routine and the rest, and PGlite's
 * `query`, `params` and `queryOptions` from the call.
 *
 * What differs from PGlite in-thread: the query options taken are `rowMode`, `parsers` and
 * `paramTypes` (no `serializers`, `blob` or `onNotice`); parameters cross by structured cloning
 * (a class instance is sent as its JSON and its text, which is what PGlite would have made of it
 * for a json and for any other parameter; inside an array it is cloned as a plain object).
 */

type PgliteModule = typeof import('@electric-sql/pglite');
type Parser = (text: string, typeId?: number) => unknown;
type ThreadQueryOptions = Pick<QueryOptions, 'rowMode' | 'parsers' | 'paramTypes'>;
type RawResults = Omit<Results<(string | null)[]>, 'blob'>;

/** An error as the thread sends it (server/pglite-worker.mjs, errorData). */
type ErrorData = {
  isDatabaseError: boolean;
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, unknown>;
};
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorData };
type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void; context?: CallContext };
type CallContext = { query: string; params: unknown[] | undefined; options: ThreadQueryOptions | undefined };

/** The transaction a `transaction()` callback gets, as PGlite's `Transaction` (minus sql/listen). */
export type ThreadTransaction = {
  query: <T>(query: string, params?: unknown[], options?: ThreadQueryOptions) => Promise<Results<T>>;
  exec: (query: string, options?: ThreadQueryOptions) => Promise<Results[]>;
  rollback: () => Promise<void>;
  readonly closed: boolean;
};

/** Where the thread's script is: under the working directory, the app's root (as server/pglite-initdb.mjs). */
const workerScript = () => path.join(/*turbopackIgnore: true*/ process.cwd(), 'server', 'pglite-worker.mjs');

// Sent in place of a parameter structured cloning would not carry as it is (server/pglite-worker.mjs).
const WRAPPED = '__cmsPgliteParam';
const jsonOf = (value: unknown) =>
  JSON.stringify(value, (_, item) => (typeof item === 'bigint' ? item.toString() : item));

/** A parameter as it crosses to the thread. */
const sendable = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object') return value;
  // Exactly its bytes: cloning a view copies its whole buffer (a Buffer's may be a shared pool).
  // Told by its tag, which a Buffer and another realm's Uint8Array (jest's) have too.
  if (Object.prototype.toString.call(value) === '[object Uint8Array]')
    return new Uint8Array(value as Uint8Array);
  if (value instanceof Date || Array.isArray(value) || ArrayBuffer.isView(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) return value;
  return { [WRAPPED]: true, json: jsonOf(value), text: String(value) };
};

export class PgliteThread {
  readonly #worker: Worker;
  readonly #module: PgliteModule;
  readonly #pending = new Map<number, Pending>();
  #lastId = 0;
  /** Set once the thread has ended or failed: every later call fails with it. */
  #ended: Error | null = null;
  /** PGlite's parsers and the array parsers it made when it opened, as PGlite's own `parsers`. */
  #parsers: Record<string, Parser> = {};

  private constructor(worker: Worker, pgliteModule: PgliteModule) {
    this.#worker = worker;
    this.#module = pgliteModule;
  }

  /**
   * Starts the thread and opens PGlite in it: `dir` the data dir (null: in memory), `loadDump` a
   * dumpDataDir() tar to start from, `options` PGlite's. `pgliteModule`: the `@electric-sql/pglite`
   * the Prisma adapter loads (its types and DatabaseError).
   */
  static async open({
    dir,
    loadDump,
    options,
    pgliteModule,
  }: {
    dir: string | null;
    loadDump?: string;
    options: object;
    pgliteModule: PgliteModule;
  }) {
    const worker = new Worker(workerScript(), {
      name: 'pglite',
      workerData: { dir, loadDump: loadDump ?? null, options },
      // Not the server's node flags or NODE_OPTIONS (bench/soak.mjs's probe, an inspector port):
      // they would load into this thread too.
      execArgv: [],
      env: { ...process.env, NODE_OPTIONS: '' },
      // The thread's JavaScript makes only short-lived rows and messages: a small young generation
      // (V8's default grows to 16 MB a semi-space) keeps its idle memory down.
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    const thread = new PgliteThread(worker, pgliteModule);
    worker.on('message', (reply: Reply) => thread.#settle(reply));
    worker.on('error', (error) => thread.#end(error));
    worker.on('exit', (code) => thread.#end(new Error(`嵌入式数据库线程已退出（退出码 ${code}）`)));
    try {
      const { arrayTypes } = (await thread.#call(0, undefined)) as { arrayTypes: [number, number][] };
      const { types } = pgliteModule;
      const parsers: Record<string, Parser> = { ...types.parsers };
      for (const [oid, typarray] of arrayTypes)
        parsers[typarray] = (text) => types.arrayParser(text, parsers[oid] as Parser, typarray);
      thread.#parsers = parsers;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  /** Awaits the answer `id` (0: the opening), sending `message` first unless undefined. */
  #call(id: number, message: Record<string, unknown> | undefined, context?: CallContext) {
    if (this.#ended) return Promise.reject(this.#ended);
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, context });
      // Kept alive only while it has work, as an idle PGlite does not keep a process alive.
      if (this.#pending.size === 1) this.#worker.ref();
      if (message === undefined) return;
      try {
        this.#worker.postMessage({ id, ...message });
      } catch (error) {
        this.#forget(id);
        reject(error);
      }
    });
  }

  #send(message: Record<string, unknown>, context?: CallContext) {
    this.#lastId += 1;
    return this.#call(this.#lastId, message, context);
  }

  #forget(id: number) {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #settle(reply: Reply) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#forget(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(this.#rebuild(reply.error, pending.context));
  }

  /** The thread ended or failed: every call waiting and every later one fails. */
  #end(error: Error) {
    this.#ended ??= error;
    for (const [id, pending] of this.#pending) {
      this.#forget(id);
      pending.reject(error);
    }
  }

  #rebuild(data: ErrorData, context: CallContext | undefined): Error {
    let error: Error;
    if (data.isDatabaseError) {
      const { DatabaseError } = this.#module.messages;
      error = new DatabaseError(data.message, Number(data.fields.length ?? 0), 'error');
      Object.assign(error, data.fields, {
        query: context?.query,
        params: context?.params,
        queryOptions: context?.options,
      });
    } else {
      error = Object.assign(new Error(data.message), data.fields);
      error.name = data.name;
    }
    if (data.stack) error.stack = data.stack;
    return error;
  }

  #results(raw: RawResults, options: ThreadQueryOptions | undefined): Results {
    const { parseType } = this.#module.types;
    const parsers = options?.parsers ? { ...this.#parsers, ...options.parsers } : this.#parsers;
    const { fields } = raw;
    const rows =
      options?.rowMode === 'array'
        ? raw.rows.map((row) => row.map((text, i) => parseType(text, fields[i].dataTypeID, parsers)))
        : raw.rows.map((row) =>
            Object.fromEntries(
              row.map((text, i) => [fields[i].name, parseType(text, fields[i].dataTypeID, parsers)]),
            ),
          );
    return { ...raw, rows };
  }

  async #query<T>(
    query: string,
    params: unknown[] | undefined,
    options: ThreadQueryOptions | undefined,
    txId: number | undefined,
  ) {
    const raw = (await this.#send(
      { op: 'query', sql: query, params: params?.map(sendable), paramTypes: options?.paramTypes, txId },
      // PGlite's own default, on its errors too.
      { query, params: params ?? [], options },
    )) as RawResults;
    return this.#results(raw, options) as Results<T>;
  }

  async #exec(query: string, options: ThreadQueryOptions | undefined, txId: number | undefined) {
    const raw = (await this.#send(
      { op: 'exec', sql: query, txId },
      { query, params: undefined, options },
    )) as RawResults[];
    return raw.map((results) => this.#results(results, options));
  }

  /** One statement (PGlite's `query`: the extended protocol, `$1` parameters). */
  query<T>(query: string, params?: unknown[], options?: ThreadQueryOptions) {
    return this.#query<T>(query, params, options, undefined);
  }

  /** Statements without parameters (PGlite's `exec`: the simple protocol), one result each. */
  exec(query: string, options?: ThreadQueryOptions) {
    return this.#exec(query, options, undefined);
  }

  /**
   * A transaction, as PGlite's: `callback` gets it once BEGIN has run; it commits when the callback
   * returns and rolls back when it throws (then the callback's error is thrown), or when it calls
   * `tx.rollback()`. Other statements wait until it ends.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.#send({ op: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async (query, params, options) => {
        open();
        return this.#query(query, params, options, txId);
      },
      exec: async (query, options) => {
        open();
        return this.#exec(query, options, txId);
      },
      rollback: async () => {
        open();
        await this.#send({ op: 'rollback', txId });
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
      await this.#send({ op: 'end', txId, commit: false });
      throw error;
    }
    closed = true;
    await this.#send({ op: 'end', txId, commit: true });
    return result;
  }

  /**
   * Closes PGlite once the statements and the transaction before it are done (as PGlite's close),
   * then ends the thread.
   */
  async close() {
    try {
      await this.#send({ op: 'close' });
    } finally {
      this.#ended ??= new Error('PGlite is closed');
      await this.#worker.terminate();
    }
  }
}
