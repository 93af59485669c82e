import 'server-only';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { PrismaPGlite } from 'pglite-prisma-adapter';
import type { PgliteThread } from './pglite-thread';

/**
 * The Prisma adapter for PGlite (pglite-prisma-adapter), with a transaction's failed COMMIT thrown
 * from its `commit()`.
 *
 * The adapter runs an interactive transaction inside PGlite's `transaction(callback)`: `commit()`
 * lets the callback return and awaits the transaction's end, but that promise has its failure
 * caught and dropped (it only rejects the promise that started the transaction, long settled). So
 * a COMMIT that failed answered as committed: when PGlite's thread died during the COMMIT
 * (lib/db/pglite-thread-keeper.ts) the save was acknowledged, and after the restart it was not
 * there (tests/pglite/thread-death-app.test.ts). Here each transaction's end is watched on the way
 * in, and `commit()` throws its failure as the adapter throws a statement's (a DatabaseError as a
 * DriverAdapterError, so lib/db/unavailable.ts reads its code).
 */
export const pgliteAdapter = (Factory: typeof PrismaPGlite, client: PGlite | PgliteThread) => {
  /** How the transaction ended, if it failed, by the transaction object PGlite gave its callback. */
  const failedEnds = new WeakMap<object, unknown>();
  const watched = {
    query: client.query.bind(client),
    exec: client.exec.bind(client),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => {
      let given: object | undefined;
      const run = client.transaction as (callback: (tx: Transaction) => Promise<T>) => Promise<T>;
      const ended = run.call(client, (tx) => {
        given = tx;
        return callback(tx);
      });
      ended.catch((error: unknown) => {
        if (given) failedEnds.set(given, error);
      });
      return ended;
    },
  };

  class Watching extends Factory {
    override async connect() {
      const adapter = await super.connect();
      const start = adapter.startTransaction.bind(adapter);
      adapter.startTransaction = async (isolationLevel) => {
        const transaction = await start(isolationLevel);
        const commit = transaction.commit.bind(transaction);
        // The adapter's own: the PGlite transaction it runs on, and its conversion of errors.
        const inner = transaction as unknown as { client: object; onError: (error: unknown) => never };
        transaction.commit = async () => {
          await commit();
          if (failedEnds.has(inner.client)) inner.onError(failedEnds.get(inner.client));
        };
        return transaction;
      };
      return adapter;
    }
  }
  return new Watching(watched as unknown as PGlite);
};
