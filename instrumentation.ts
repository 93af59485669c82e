// Runs once when the server starts, so the first request does not pay for opening the database
// and a broken database stops the start loudly.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startServer } = await import('./lib/startup');
  await startServer();
}
