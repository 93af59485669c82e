import 'server-only';
import pino from 'pino';

// Never log request bodies, tokens or passwords: callers pass only what is safe to keep.
export const logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  redact: {
    paths: ['*.password', '*.token', '*.new_password', '*.old_password', 'headers["x-token"]'],
    remove: true,
  },
});
