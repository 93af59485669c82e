import 'server-only';
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { logger } from '@/lib/logger';
import type { DbConfig } from './config';
import { createDataDirOnce, initDataDirInChild } from './pglite-create';
import { pgliteOptions } from './pglite-options';
import { PgliteThread } from './pglite-thread';
import { privateNodeFs, tightenTree } from './private-files';

export type PgliteConfig = Extract<DbConfig, { kind: 'pglite' }>;

/**
 * A data dir made or copied before its files were kept private (an older version, a restore by
 * hand, `cp -r` under umask 022): whatever the group or others may use is tightened, with one line.
 */
const tightenDataDir = (dir: string) => {
  const { tightened, failed } = tightenTree(dir);
  if (tightened === 0 && failed === 0) return;
  logger.warn(
    { dir, tightened, failed },
    `嵌入式数据库目录中有 ${tightened + failed} 个文件或文件夹其他账户也可访问，已将 ${tightened} 个改为仅本账户可读写` +
      `（文件夹 0700，文件 0600）${failed ? `；${failed} 个属于其他账户、无法修改，请手动处理` : ''}`,
  );
};

/**
 * PGlite runs in a thread of its own (lib/db/pglite-thread.ts), so the event loop stays free while
 * it works; `PGLITE_THREAD=0` runs it in the server's thread instead, as before (for comparing the
 * two in benchmarks).
 */
const inThread = (env: NodeJS.ProcessEnv) => env.PGLITE_THREAD?.trim() === '0';

/** PGlite in this thread, with the options the thread would use. */
const openInThread = async (config: PgliteConfig, options: object) => {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({
    ...options,
    loadDataDir: config.loadDump
      ? new Blob([fs.readFileSync(/*turbopackIgnore: true*/ config.loadDump)])
      : undefined,
    // Folders 0700 and files 0600, also those PGlite makes from now on (lib/db/private-files.ts).
    fs: config.isMemory ? undefined : await privateNodeFs(config.dir),
  });
};

/**
 * Opens the app's PGlite: creates its data dir first if there is none (lib/db/pglite-create.ts),
 * then opens it in PGlite's own thread, or in this one with `PGLITE_THREAD=0`. The caller holds the
 * dir's lock (lib/db/pglite-lock.ts) and runs the migrations. `pgliteModule`: the module the Prisma
 * adapter loads (its DatabaseError is what the adapter recognises).
 */
export const startPglite = async (
  config: PgliteConfig,
  pgliteModule: typeof import('@electric-sql/pglite'),
): Promise<PGlite | PgliteThread> => {
  const options = pgliteOptions();
  if (!config.isMemory) {
    await createDataDirOnce({ dir: config.dir, create: (dir) => initDataDirInChild(dir, options) });
    tightenDataDir(config.dir);
  }
  if (inThread(process.env)) return openInThread(config, options);
  return PgliteThread.open({
    dir: config.isMemory ? null : config.dir,
    loadDump: config.loadDump,
    options,
    pgliteModule,
  });
};
