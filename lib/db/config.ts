import 'server-only';
import path from 'node:path';

export type DbConfig =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dir: string; isMemory: boolean; loadDump?: string; thread: 'worker' | 'main' };

/**
 * DATABASE_URL set → PostgreSQL; otherwise the embedded PGlite in PGLITE_DIR (default ./data/pglite),
 * on a worker thread of its own, or on the event loop's thread with PGLITE_THREAD=main (and on
 * Windows, where `pg` has no Unix socket to reach the thread by).
 */
export const readDbConfig = (env: NodeJS.ProcessEnv = process.env): DbConfig => {
  const url = env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url };
  const raw = env.PGLITE_DIR?.trim() || path.join('data', 'pglite');
  const isMemory = raw.startsWith('memory://');
  return {
    kind: 'pglite',
    dir: isMemory ? raw : path.resolve(/*turbopackIgnore: true*/ process.cwd(), raw),
    isMemory,
    // Tests only: start an in-memory database from a migrated snapshot.
    loadDump: (isMemory && env.PGLITE_LOAD_DUMP?.trim()) || undefined,
    thread: env.PGLITE_THREAD?.trim() === 'main' || process.platform === 'win32' ? 'main' : 'worker',
  };
};
