import 'server-only';
import { sessionSecret } from './auth/secret';
import { closeDb, getDb } from './db/client';
import { ensureFirstAdmin } from './users/ensure-first-admin';

/** Opens (and migrates) the database and creates the first admin; a failure stops the server. */
export const startServer = async () => {
  try {
    await getDb();
    await ensureFirstAdmin();
    sessionSecret();
  } catch (error) {
    console.error(`\n启动失败：${(error as Error).message}\n`);
    process.exit(1);
  }
};

/** Closes the database on shutdown (instrumentation.ts's closeDatabase, called by scripts/server.mjs). */
export const stopServer = async () => {
  await closeDb();
};
