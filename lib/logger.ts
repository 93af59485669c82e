import 'server-only';
import pino, { type Logger, type LoggerOptions } from 'pino';
import OPTIONS from './log/pino-options.json';

// Never log request bodies, tokens or passwords: callers pass only what is safe to keep.
// One logger per process, kept on globalThis: scripts/server.mjs makes it (scripts/request-log.js,
// the same options) before Next loads the app, so the request lines and every bundle's lines
// (the API routes', the pages', instrumentation's) share one stream. Without that server (next
// dev, jest) the first bundle to load this module makes it.
const store = globalThis as typeof globalThis & { __cmsLogger?: Logger };

export const logger: Logger = (store.__cmsLogger ??= pino({
  ...(OPTIONS as LoggerOptions),
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
}));
