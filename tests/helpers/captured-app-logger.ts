import { LOGGER_GLOBAL } from '@/lib/http/server-handoff.js';
import { capturedLogger } from './request-log';

// Import before anything that loads lib/logger.ts: the app's logger is then this one, as under
// server/server.mjs (which puts its logger on globalThis before the app loads), and its lines
// are kept for the test to read.
export const appLog = capturedLogger();
Object.assign(globalThis, { [LOGGER_GLOBAL]: appLog.logger });
