import type { PgliteThread } from '@/lib/db/pglite-thread';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';

// Shared by the tests of PGlite's thread dying (tests/pglite/pglite-thread-death.test.ts,
// pglite-panic.test.ts).

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error `work` fails with; the test fails if it does not. */
export const failureOf = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error as { code?: string; severity?: string; message: string };
  }
  throw new Error('did not fail');
};

/** Polls with `SELECT 1` until the thread answers again (a new one has opened); the ms it took. */
export const servingAgain = async (thread: PgliteThread, limitMs = 60_000) => {
  const started = Date.now();
  for (;;) {
    try {
      await thread.query('SELECT 1');
      return Date.now() - started;
    } catch (error) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      if (Date.now() - started > limitMs) throw error;
      await delay(50);
    }
  }
};
