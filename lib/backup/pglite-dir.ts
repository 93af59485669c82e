import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { acquireDirLock } from '@/lib/db/pglite-lock';
import { PRIVATE_DIR_MODE, privateNodeFs } from '@/lib/db/private-files';

/**
 * Opens the embedded database folder for a backup or a restore, owning its lock file as the app
 * does. PGlite runs inside the app's process and two processes on one folder destroy it, so while
 * the app runs these commands refuse and say to stop it first (docs/OPERATIONS.md → Backup and restore).
 */
export const openPgliteDir = async ({
  dir,
  command,
  mustExist,
}: {
  dir: string;
  command: '备份' | '恢复';
  mustExist: boolean;
}): Promise<{ pglite: PGlite; close: () => Promise<void> }> => {
  if (mustExist && !fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new Error(`没有找到嵌入式数据库目录 ${dir}（PGLITE_DIR）：没有可备份的数据。`);
  fs.mkdirSync(path.dirname(dir), { recursive: true, mode: PRIVATE_DIR_MODE });
  const { release } = acquireDirLock({
    lockPath: `${dir}.lock`,
    dataDir: dir,
    busyMessage: (owner) =>
      `嵌入式数据库 ${dir} 正被运行中的应用（进程 ${owner}）使用。先停止应用（npm start 或容器），` +
      `再运行${command}：同一目录不能被两个进程同时打开（会损坏数据）。`,
  });
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    // As the app opens it: folders 0700, files 0600, a new folder (a restore's) included.
    const pglite = await PGlite.create({ fs: await privateNodeFs(dir) });
    return {
      pglite,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
};
