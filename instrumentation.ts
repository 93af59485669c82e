// Runs once when the server starts, so the first request does not pay for opening the database
// and a broken database stops the start loudly.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startServer } = await import('./lib/startup');
  await startServer();
}

/**
 * Closes the database (PGlite writes its files and releases its lock). server/server.mjs calls it
 * on SIGTERM/SIGINT once the running requests are done; Next itself never does.
 */
export async function closeDatabase() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { stopServer } = await import('./lib/startup');
  await stopServer();
}
