import 'server-only';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { LOGGER_GLOBAL } from './http/server-handoff.js';
import OPTIONS from './log/pino-options.json';

// Never log request bodies, tokens or passwords: callers pass only what is safe to keep.
// One logger per process, kept on globalThis: server/server.mjs makes it (server/request-log.js,
// the same options) before Next loads the app, so the request lines and every bundle's lines
// (the API routes', the pages', instrumentation's) share one stream. Without that server (jest,
// the backup CLI) the first bundle to load this module makes it.
const store = globalThis as typeof globalThis & { [LOGGER_GLOBAL]?: Logger };

export const logger: Logger = (store[LOGGER_GLOBAL] ??= pino({
  ...(OPTIONS as LoggerOptions),
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
}));
