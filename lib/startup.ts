import 'server-only';
import { sessionSecret } from './auth/secret';
import { closeDb, getDb } from './db/client';
import { ensurePrivateDir } from './db/private-files';
import { logger } from './logger';
import { startRecycleRetention, stopRecycleRetention } from './recycle/retention';
import { configuredDriverName } from './storage/get-storage';
import { uploadRoot } from './storage/local-driver';
import { startOrphanSweep, stopOrphanSweep } from './uploads/orphan-sweep-timer';
import { dropEndedSessionsOfDeletedUsers } from './users/end-user-sessions';
import { ensureFirstAdmin } from './users/ensure-first-admin';

// Once per process: server/server.mjs runs it before it listens, and Next runs it again when it
// handles its first request (both through instrumentation.ts's register()).
const store = globalThis as typeof globalThis & { __cmsStarted?: Promise<void> };

/**
 * The local driver's folder (UPLOAD_DIR) is made 0700, or tightened to it, so no other account on
 * the machine can enter it: the app serves the files itself. Its files are not walked (there may be
 * very many); new ones are 0600 under the server's umask (server/server.mjs).
 */
const keepUploadsPrivate = () => {
  let driver;
  try {
    driver = configuredDriverName();
  } catch {
    return; // an invalid STORAGE_DRIVER is reported where it is used, as before
  }
  if (driver !== 'local') return;
  const dir = uploadRoot();
  try {
    if (ensurePrivateDir(dir))
      logger.warn({ dir }, '上传文件目录其他账户也可进入，已改为仅本账户可访问（0700）');
  } catch (error) {
    logger.warn({ err: error, dir }, '无法把上传文件目录设为仅本账户可访问（0700），请手动处理');
  }
};

const start = async () => {
  try {
    keepUploadsPrivate();
    const db = await getDb();
    await ensureFirstAdmin();
    await dropEndedSessionsOfDeletedUsers(db);
    await sessionSecret();
    // The 回收站's retention: a pass now (in the background: catching up after downtime must not
    // hold the port closed) and one an hour.
    startRecycleRetention();
    // Uploads nothing uses, past UPLOAD_ORPHAN_HOURS: a pass now (in the background) and every 6 h.
    startOrphanSweep();
  } catch (error) {
    console.error(`\n启动失败：${(error as Error).message}\n`);
    process.exit(1);
  }
};

/** Opens (and migrates) the database and creates the first admin; a failure stops the server. */
export const startServer = () => (store.__cmsStarted ??= start());

/** Closes the database on shutdown (instrumentation.ts's closeDatabase, called by server/server.mjs). */
export const stopServer = async () => {
  await Promise.all([stopRecycleRetention(), stopOrphanSweep()]);
  await closeDb();
  logger.info('数据库已关闭');
};
