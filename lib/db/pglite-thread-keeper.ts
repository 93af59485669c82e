import 'server-only';
import { logger } from '@/lib/logger';
import {
  parsersOf,
  rebuildError,
  unavailableError,
  type Parser,
  type PgliteModule,
} from './pglite-thread-codec';
import { ThreadLink, type LinkData } from './pglite-thread-link';

/**
 * Keeps PGlite's thread running for lib/db/pglite-thread.ts: starts it, and when it dies (an uncaught
 * error, WebAssembly out of memory, `process.exit` in it) starts a new one on the same data dir, as
 * PostgreSQL's postmaster restarts after a backend crashed. The calls in flight fail with the thread
 * (57P02); until the new thread has opened, calls are refused (57P03); both are FATAL, which
 * lib/db/unavailable.ts reads as "database unavailable" (503 服务器繁忙, retryable). PGlite replays
 * its WAL when it reopens the dir: every commit that was answered is there, nothing uncommitted is.
 * The dir's lock file (lib/db/pglite-lock.ts) stays with this process throughout.
 *
 * A thread that dies again soon after its start, or cannot open, waits longer before the next one,
 * so a dir that kills PGlite at every start does not make the process spin. In memory there is
 * nothing to reopen (the data died with the thread): every call is refused until the process is
 * restarted. One line is logged per death, per failed start and per recovery.
 */

/**
 * The waits before starting a new thread after one died: `firstMs` after a thread that had served
 * `stableMs` or longer, then twice as long after each one that died sooner (or could not open),
 * at most `maxMs`.
 */
export type RestartPolicy = { firstMs: number; maxMs: number; stableMs: number };
export const RESTART: RestartPolicy = { firstMs: 500, maxMs: 30_000, stableMs: 60_000 };

export class ThreadKeeper {
  readonly #module: PgliteModule;
  readonly #data: LinkData;
  readonly #restart: RestartPolicy;
  /** The thread serving calls; null while there is none (it died, a new one is opening). */
  #link: ThreadLink | null = null;
  /** A new thread that is opening. */
  #starting: ThreadLink | null = null;
  #timer: NodeJS.Timeout | undefined;
  /** Starts since a thread last served `stableMs` (or since the first): sets the next wait. */
  #failures = 0;
  #upSince = 0;
  #downSince = 0;
  /** Why every call fails for good (closed; in memory, the thread died); null while it can come back. */
  #gone: Error | null = null;
  /** PGlite's parsers and the array parsers it made when it opened, as PGlite's own `parsers`. */
  parsers: Record<string, Parser> = {};

  constructor(module: PgliteModule, data: LinkData, restart: RestartPolicy) {
    this.#module = module;
    this.#data = data;
    this.#restart = restart;
  }

  /** Starts the first thread; rejects (and ends it) if PGlite cannot open. */
  async open() {
    const link = this.#newLink(this.#data);
    try {
      this.parsers = parsersOf(this.#module, await link.ready);
    } catch (error) {
      await link.terminate();
      throw error;
    }
    this.#link = link;
    this.#upSince = Date.now();
  }

  /** The thread serving calls; throws the refusal while there is none. */
  current() {
    if (this.#gone) throw this.#gone;
    if (!this.#link) throw unavailableError(this.#module, '57P03', '嵌入式数据库正在重启，请稍后重试');
    return this.#link;
  }

  /** No thread is started any more; returns the serving one, if any, for the caller to close. */
  async stop() {
    this.#gone ??= new Error('PGlite is closed');
    clearTimeout(this.#timer);
    const link = this.#link;
    this.#link = null;
    await this.#starting?.terminate();
    return link;
  }

  /** Ends the serving thread as a crash would: resolves once it has ended. */
  async kill() {
    await this.#link?.terminate();
  }

  #newLink(data: LinkData) {
    return new ThreadLink(data, {
      rebuild: (error, context) => rebuildError(this.#module, error, context),
      lost: (cause) =>
        unavailableError(this.#module, '57P02', '嵌入式数据库线程已退出，未完成的语句与事务已中止', cause),
      onEnd: (link, cause) => this.#lost(link, cause),
    });
  }

  /** The serving thread died. */
  #lost(link: ThreadLink, cause: Error) {
    if (link !== this.#link || this.#gone) return;
    this.#link = null;
    this.#downSince = Date.now();
    const servedMs = this.#downSince - this.#upSince;
    if (servedMs >= this.#restart.stableMs) this.#failures = 0;
    if (this.#data.dir === null) {
      this.#gone = unavailableError(
        this.#module,
        '57P02',
        '嵌入式数据库（内存）线程已退出，数据随之丢失，请重启服务',
        cause,
      );
      logger.error({ err: cause, servedMs }, '嵌入式数据库线程已退出；内存中的数据库无法恢复，请重启服务');
      return;
    }
    const restartInMs = this.#wait();
    logger.error(
      { err: cause, dir: this.#data.dir, servedMs, restartInMs },
      '嵌入式数据库线程已退出，正在重启',
    );
    this.#schedule(restartInMs);
  }

  /** The wait before the next start, each one twice the last since a thread served `stableMs`. */
  #wait() {
    const { firstMs, maxMs } = this.#restart;
    const waitMs = Math.min(firstMs * 2 ** this.#failures, maxMs);
    this.#failures += 1;
    return waitMs;
  }

  #schedule(waitMs: number) {
    this.#timer = setTimeout(() => void this.#start(), waitMs);
    // A process with nothing else to do need not stay for it, as an idle PGlite does not keep one.
    this.#timer.unref();
  }

  /** Opens PGlite anew in a new thread, on the same data dir (a dump is only for the first one). */
  async #start() {
    this.#timer = undefined;
    const link = this.#newLink({ ...this.#data, loadDump: null });
    this.#starting = link;
    try {
      const parsers = parsersOf(this.#module, await link.ready);
      if (this.#gone) return; // stopped meanwhile, and the thread with it
      this.#starting = null;
      this.parsers = parsers;
      this.#link = link;
      this.#upSince = Date.now();
      logger.info({ downMs: this.#upSince - this.#downSince }, '嵌入式数据库线程已重启，服务恢复');
    } catch (error) {
      this.#starting = null;
      void link.terminate();
      if (this.#gone) return;
      const restartInMs = this.#wait();
      logger.error({ err: error, restartInMs }, '嵌入式数据库线程重启失败');
      this.#schedule(restartInMs);
    }
  }
}
