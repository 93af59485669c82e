import 'server-only';
import { sessionSecret } from './auth/secret';
import { closeDb, getDb } from './db/client';
import { logger } from './logger';
import { dropEndedSessionsOfDeletedUsers } from './users/end-user-sessions';
import { ensureFirstAdmin } from './users/ensure-first-admin';

// Once per process: scripts/server.mjs runs it before it listens, and Next runs it again when it
// handles its first request (both through instrumentation.ts's register()).
const store = globalThis as typeof globalThis & { __cmsStarted?: Promise<void> };

const start = async () => {
  try {
    const db = await getDb();
    await ensureFirstAdmin();
    await dropEndedSessionsOfDeletedUsers(db);
    await sessionSecret();
  } catch (error) {
    console.error(`\n启动失败：${(error as Error).message}\n`);
    process.exit(1);
  }
};

/** Opens (and migrates) the database and creates the first admin; a failure stops the server. */
export const startServer = () => (store.__cmsStarted ??= start());

/** Closes the database on shutdown (instrumentation.ts's closeDatabase, called by scripts/server.mjs). */
export const stopServer = async () => {
  await closeDb();
  logger.info('数据库已关闭');
};
