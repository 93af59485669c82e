// Errors in PGlite's thread (server/pglite-worker.mjs): how one crosses to the other thread, and
// the guard that keeps every statement from PGlite's backend once a PANIC or FATAL has left it unfit.
// Plain .mjs, loaded by Node as it is (never bundled): the standalone payload carries it
// (next.config.js).
import { messages } from '@electric-sql/pglite';

/** @typedef {import('@electric-sql/pglite').PGlite} PGlite */

/**
 * An error as plain data: its message, name and stack, and its own fields of plain values (a
 * DatabaseError's code, detail, constraint, routine… and length). PGlite's query, params and
 * queryOptions are left out: the other thread puts back its own.
 * @param {unknown} error
 */
export const errorData = (error) => {
  const source = /** @type {Record<string, unknown>} */ (error instanceof Object ? error : {});
  /** @type {Record<string, string | number | boolean | null | undefined>} */
  const fields = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'query' || key === 'params' || key === 'queryOptions') continue;
    if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value))
      fields[key] = /** @type {string | number | boolean | null | undefined} */ (value);
  }
  return {
    isDatabaseError: error instanceof messages.DatabaseError,
    message: error instanceof Error ? error.message : String(error),
    name: error instanceof Error ? error.name : 'Error',
    stack: error instanceof Error ? error.stack : undefined,
    fields,
  };
};

/**
 * Wraps the instance's methods through which every statement reaches PGlite's backend:
 * `execProtocolStream`/`execProtocol` (a statement's protocol messages; their errors are PGlite's
 * DatabaseErrors, looked at by `breakOn`) and `execProtocolRawSync` (every statement's call into
 * the WebAssembly backend: once `brokenBy()` answers, a message is refused with it, and a Sync
 * message (`S`, length 4) is skipped: answered with no bytes, as if the backend had said nothing;
 * an exception out of the backend breaks the thread). `close()` calls the module directly; after a
 * break the thread is not closed but ends.
 * @param {PGlite} pg
 * @param {() => unknown} brokenBy
 * @param {(error: unknown, always?: boolean) => void} breakOn
 */
export function guardBackend(pg, brokenBy, breakOn) {
  const target = /** @type {Record<string, any>} */ (pg);
  for (const name of ['execProtocolStream', 'execProtocol']) {
    const original = target[name].bind(pg);
    target[name] = async (/** @type {unknown[]} */ ...args) => {
      try {
        return await original(...args);
      } catch (error) {
        breakOn(error);
        throw error;
      }
    };
  }
  const rawSync = target.execProtocolRawSync.bind(pg);
  target.execProtocolRawSync = (/** @type {Uint8Array} */ message) => {
    const broken = brokenBy();
    if (broken) {
      if (message.length === 5 && message[0] === 0x53) return new Uint8Array(0);
      throw broken;
    }
    try {
      return rawSync(message);
    } catch (error) {
      // An SQL error comes back as a message, never thrown: what is thrown here is the backend
      // itself failing (a WebAssembly trap, an exit), after which it is as unfit as after a PANIC.
      breakOn(error, true);
      throw error;
    }
  };
}
