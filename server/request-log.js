// The request log and request ids of server/server.mjs (CommonJS, so jest loads it too).
//
// Every answer carries X-Request-Id: the one a trusted proxy sent (TRUST_PROXY_HOPS > 0, and only
// a short plain value), otherwise a new UUID. The id also replaces the incoming header, so Next,
// the route handlers and their error log lines see the id the client is told. Every /api/ request
// is one JSON line when its answer ends: reqId, method, path (query values that look secret
// replaced), status, ms, and userId when the handler knew the user (manageRoute fills it in).
const { randomUUID } = require('node:crypto');
const pino = require('pino');
const OPTIONS = require('../lib/log/pino-options.json');
const { SANE_REQUEST_ID } = require('../lib/http/server-handoff.js');

/** @typedef {import('pino').Logger} Logger */
/**
 * What the server knows about a request it serves: its id, and the user once the handler knows it
 * (lib/http/request-context.ts's RequestContext).
 * @typedef {{ id: string, userId?: number }} RequestContext
 */
/**
 * @typedef {object} RequestLog
 * @property {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => RequestContext} begin
 */

/**
 * The process's logger, shared with lib/logger.ts (the bundles take it from globalThis).
 * @param {{ destination?: import('pino').DestinationStream, level?: string }} [options]
 * @returns {Logger}
 */
const createLogger = ({ destination, level } = {}) =>
  pino(
    {
      .../** @type {import('pino').LoggerOptions} */ (OPTIONS),
      level: level || process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
    },
    destination,
  );

const trustedHops = () => Number(process.env.TRUST_PROXY_HOPS) || 0;

/**
 * The id for this request: the proxy's when a proxy is trusted and the value is sane; else new.
 * @param {{ sent: string | string[] | undefined, hops?: number }} request
 */
const requestIdFor = ({ sent, hops = trustedHops() }) =>
  hops > 0 && typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();

// Query parameters whose values never reach the log: tokens, passwords, keys, signatures…
const SECRET_NAME =
  /token|secret|passw|pwd|credential|signature|^sig$|^otp$|^code$|^auth$|authorization|api[_-]?key|access[_-]?key|private[_-]?key|session/i;
// …and any value that looks like one whatever its name (a long opaque string: a token, a JWT).
const OPAQUE_VALUE = /^[A-Za-z0-9_\-.~+/=]{32,}$/;
const MAX_PATH = 1000;
const REDACTED = '[REDACTED]';

/** @param {string} text */
const decoded = (text) => {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/**
 * The request's path and query for the log, secret-looking query values replaced.
 * @param {string} url
 */
const loggedPath = (url) => {
  const mark = url.indexOf('?');
  if (mark < 0) return url.slice(0, MAX_PATH);
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      return SECRET_NAME.test(decoded(name)) || OPAQUE_VALUE.test(decoded(value))
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`.slice(0, MAX_PATH);
};

/**
 * `begin(req, res)` at the start of every request: settles its id (request header and answer
 * header) and, for /api/ paths, writes the log line when the answer is done. Returns the request's
 * context `{ id, userId }`, which the API dispatch hands to the handler to fill in. `hops`: the
 * trusted proxies (TRUST_PROXY_HOPS when not given).
 * @param {{ logger: Logger, hops?: number }} options
 * @returns {RequestLog}
 */
const createRequestLog = ({ logger, hops }) => {
  // The line holds only the values below (the path already cleaned), so it skips the logger's
  // redaction, which would double the line's cost (bench/request-log-bench.mjs).
  const lines = logger.child({}, { redact: { paths: [] } });
  /** @type {RequestLog['begin']} */
  const begin = (req, res) => {
    const id = requestIdFor({ sent: req.headers['x-request-id'], hops: hops ?? trustedHops() });
    req.headers['x-request-id'] = id;
    res.setHeader('X-Request-Id', id);
    /** @type {RequestContext} */
    const context = { id, userId: undefined };
    const url = req.url || '/';
    if (!url.startsWith('/api/')) return context;
    const started = performance.now();
    res.once('close', () => {
      lines.info(
        {
          reqId: id,
          method: req.method,
          path: loggedPath(req.url || '/'),
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          userId: context.userId,
          // The client went away before the whole answer was sent.
          aborted: res.writableFinished ? undefined : true,
        },
        'request',
      );
    });
    return context;
  };
  return { begin };
};

module.exports = { createLogger, createRequestLog, requestIdFor, loggedPath };
