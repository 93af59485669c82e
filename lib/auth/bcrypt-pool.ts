import 'server-only';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError, ErrorCode } from '@/lib/http/app-error';

/**
 * bcrypt off the event loop. One bcrypt of cost 10 is ~60–70 ms of pure CPU here; run on the main
 * thread (as bcryptjs does, in 100 ms slices) ten parallel sign-ins stall every other request for
 * about a second. The work goes to a small pool of worker threads running the same bcryptjs, so
 * every existing hash stays valid and the main thread only posts messages.
 *
 * The worker is plain CommonJS evaluated from a string and loads bcryptjs from the project's
 * node_modules (process.cwd(), like the migrations folder), so it needs no bundler support for
 * worker files; next.config.js keeps node_modules/bcryptjs in traced (standalone) output.
 *
 * PASSWORD_HASH_THREADS: threads in the pool (default: cores − 1, at least 1, at most 4).
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createRequire } = require('node:module');
const bcrypt = createRequire(process.cwd() + '/')('bcryptjs');
parentPort.on('message', ({ id, op, plain, hash, cost }) => {
  try {
    const result = op === 'hash' ? bcrypt.hashSync(plain, cost) : bcrypt.compareSync(plain, hash);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

type Job = { op: 'hash'; plain: string; cost: number } | { op: 'compare'; plain: string; hash: string };
type Pending = { resolve: (value: never) => void; reject: (error: Error) => void; job: Job };
type Slot = { worker: Worker; busy: Map<number, Pending> };

/** Jobs waiting for a thread beyond this answer 429 at once instead of queueing without end. */
const MAX_WAITING = 1_000;

export const poolSize = () => {
  const configured = Number(process.env.PASSWORD_HASH_THREADS);
  if (Number.isInteger(configured) && configured >= 1) return Math.min(configured, 16);
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
};

class BcryptPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: { id: number; pending: Pending }[] = [];
  private nextId = 1;
  /** Jobs answered so far (every sign-in try costs exactly one, whether the username exists or not). */
  completed = 0;

  run<T extends string | boolean>(job: Job): Promise<T> {
    if (this.waiting.length >= MAX_WAITING) {
      return Promise.reject(
        new AppError({ code: ErrorCode.tooManyRequests, message: '登录请求过多，请稍后再试' }),
      );
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, pending: { resolve: resolve as never, reject, job } });
      this.dispatch();
    });
  }

  /** Hands waiting jobs to idle threads (one job per thread at a time), starting threads as needed. */
  private dispatch() {
    while (this.waiting.length) {
      let slot = this.slots.find((candidate) => candidate.busy.size === 0);
      if (!slot && this.slots.length < poolSize()) slot = this.start();
      if (!slot) return;
      const { id, pending } = this.waiting.shift()!;
      slot.busy.set(id, pending);
      // A thread with work keeps the process alive; an idle one does not (tests, short scripts).
      slot.worker.ref();
      slot.worker.postMessage({ id, ...pending.job });
    }
  }

  private start(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true, name: 'bcrypt' });
    const slot: Slot = { worker, busy: new Map() };
    worker.unref();
    worker.on(
      'message',
      ({ id, result, error }: { id: number; result?: string | boolean; error?: string }) => {
        const pending = slot.busy.get(id);
        slot.busy.delete(id);
        this.completed += 1;
        if (slot.busy.size === 0) worker.unref();
        if (pending) {
          if (error === undefined) pending.resolve(result as never);
          else pending.reject(new Error(`bcrypt failed: ${error}`));
        }
        this.dispatch();
      },
    );
    const fail = (error: Error) => {
      this.slots.splice(this.slots.indexOf(slot), 1);
      for (const pending of slot.busy.values()) pending.reject(error);
      slot.busy.clear();
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) fail(new Error(`bcrypt worker exited with code ${code}`));
    });
    this.slots.push(slot);
    return slot;
  }

  /** Stops every thread (tests and benches; a server just exits). */
  async close() {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }
}

// One pool per process, on globalThis: route bundles and page bundles each load this module.
const store = globalThis as typeof globalThis & { __cmsBcryptPool?: BcryptPool };
const pool = () => (store.__cmsBcryptPool ??= new BcryptPool());

export const hashInPool = ({ plain, cost }: { plain: string; cost: number }) =>
  pool().run<string>({ op: 'hash', plain, cost });

export const compareInPool = ({ plain, hash }: { plain: string; hash: string }) =>
  pool().run<boolean>({ op: 'compare', plain, hash });

export const bcryptJobsDone = () => pool().completed;

export const closeBcryptPool = async () => {
  await store.__cmsBcryptPool?.close();
};
