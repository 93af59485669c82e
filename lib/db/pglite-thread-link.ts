import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ArrayTypes, CallContext, ErrorData } from './pglite-thread-codec';

/**
 * One run of PGlite's thread (server/pglite-worker.mjs): the worker, the calls waiting on it, and
 * how its end reaches them. lib/db/pglite-thread.ts starts one, and a new one when it ends.
 */

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorData };
type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void; context?: CallContext };

/** workerData: the data dir (null: in memory), a dumpDataDir() tar to start from, PGlite's options. */
export type LinkData = { dir: string | null; loadDump: string | null; options: object };

export type LinkHandlers = {
  /** The thread's error as PGlite's own (lib/db/pglite-thread-codec.ts). */
  rebuild: (error: ErrorData, context: CallContext | undefined) => Error;
  /** What a call waiting when the thread ended, or made after it, fails with. */
  lost: (cause: Error) => Error;
  /** The thread has ended (once), for whatever reason: `cause` says how. */
  onEnd: (link: ThreadLink, cause: Error) => void;
};

/** Where the thread's script is: under the working directory, the app's root (as server/pglite-initdb.mjs). */
const workerScript = () => path.join(/*turbopackIgnore: true*/ process.cwd(), 'server', 'pglite-worker.mjs');

export class ThreadLink {
  readonly #worker: Worker;
  readonly #handlers: LinkHandlers;
  readonly #pending = new Map<number, Pending>();
  #lastId = 0;
  /** Set once the thread has ended: every later call fails with it. */
  #ended: Error | null = null;
  /** Why the thread is ending, when it said so (an error event, PGlite's PANIC). */
  #failure: Error | undefined;
  /** Answers once PGlite has opened in the thread; fails if it could not, or the thread ended first. */
  readonly ready: Promise<ArrayTypes>;

  constructor(data: LinkData, handlers: LinkHandlers) {
    this.#handlers = handlers;
    this.#worker = new Worker(workerScript(), {
      name: 'pglite',
      workerData: data,
      // Not the server's node flags or NODE_OPTIONS (bench/soak.mjs's probe, an inspector port):
      // they would load into this thread too.
      execArgv: [],
      env: { ...process.env, NODE_OPTIONS: '' },
      // The thread's JavaScript makes only short-lived rows and messages: a small young generation
      // (V8's default grows to 16 MB a semi-space) keeps its idle memory down.
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    this.#worker.on('message', (reply: Reply) => this.#settle(reply));
    // An uncaught error or running out of memory; 'exit' follows.
    this.#worker.on('error', (error) => {
      this.#failure ??= error;
    });
    this.#worker.on('exit', (code) =>
      this.#end(new Error(`嵌入式数据库线程已退出（退出码 ${code}）`, { cause: this.#failure })),
    );
    this.ready = this.#call(0, undefined).then((value) => (value as { arrayTypes: ArrayTypes }).arrayTypes);
  }

  get ended() {
    return this.#ended !== null;
  }

  /** Sends `message` with a new id and awaits its answer. */
  send(message: Record<string, unknown>, context?: CallContext) {
    this.#lastId += 1;
    return this.#call(this.#lastId, message, context);
  }

  /** Ends the thread at once, whatever it is doing (as a crash would, for the tests). */
  terminate() {
    return this.#worker.terminate();
  }

  /** Awaits the answer `id` (0: the opening), sending `message` first unless undefined. */
  #call(id: number, message: Record<string, unknown> | undefined, context?: CallContext) {
    if (this.#ended) return Promise.reject(this.#handlers.lost(this.#ended));
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

  #forget(id: number) {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #settle(reply: Reply) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#forget(reply.id);
    if (reply.ok) return pending.resolve(reply.value);
    const error = this.#handlers.rebuild(reply.error, pending.context);
    // PGlite's PANIC or FATAL ends the thread (server/pglite-worker.mjs): the reason it ended.
    const { severity } = error as { severity?: unknown };
    if (severity === 'PANIC' || severity === 'FATAL') this.#failure ??= error;
    pending.reject(error);
  }

  /** The thread ended: every call waiting fails, and so does every later one. */
  #end(cause: Error) {
    if (this.#ended) return;
    this.#ended = cause;
    for (const [id, pending] of this.#pending) {
      this.#forget(id);
      pending.reject(this.#handlers.lost(cause));
    }
    this.#handlers.onEnd(this, cause);
  }
}
