// How server/server.mjs calls a manage API route handler itself: node's request → a web Request,
// the handler's Response → node's answer (CommonJS, so jest drives the same code).
const { Readable } = require('node:stream');
// The manage API's 500 envelope, the same file lib/http/manage-route.ts answers it from.
const INTERNAL_ERROR = JSON.stringify(require('../lib/http/internal-error.json'));
const { apiSecurityHeaders, applyPageSecurityHeaders, isPlainlyUnder } = require('./security-headers.js');
// What the app reads off the Request built here (lib/http/request-context.ts, read-input.ts,
// envelope.ts): the request's context, a JSON body's reader, an answer's JSON text.
const { REQUEST_CONTEXT, REQUEST_BODY, isJsonBody } = require('../lib/http/server-handoff.js');

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('./api-routes.js').RouteHandler} RouteHandler */
/** @typedef {import('./request-log.js').RequestContext} RequestContext */
/** @typedef {import('./request-log.js').RequestLog} RequestLog */
/** @typedef {import('./request-log.js').Logger} Logger */
/**
 * A web Request as the server hands it to a route handler: with the request's context and, for a
 * JSON body, the reader of node's stream (lib/http/server-handoff.js).
 * @typedef {Request & {
 *   [REQUEST_CONTEXT]?: RequestContext,
 *   [REQUEST_BODY]?: (limit: number) => Promise<Buffer | null>,
 * }} HandedRequest
 */

/**
 * Reads the body of `req` (node's stream) up to `limit` bytes: resolves its bytes, or null as soon
 * as a chunk passes the limit (the stream is paused there and the rest left unread), and rejects
 * when the client breaks off. A JSON body is read this way instead of through a web stream, which
 * costs more than the rest of a small call's reading together (docs/BENCHMARKS.md → Content list).
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<Buffer | null>}
 */
const readNodeBody = (req, limit) =>
  new Promise((resolve, reject) => {
    if (req.readableEnded) return resolve(Buffer.alloc(0));
    if (req.destroyed) return reject(new Error('request body closed'));
    /** @type {Buffer[]} */
    const chunks = [];
    let total = 0;
    /** @param {() => void} finish */
    const settle = (finish) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      finish();
    };
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      total += chunk.length;
      if (total <= limit) return void chunks.push(chunk);
      req.pause();
      settle(() => resolve(null));
    };
    const onEnd = () => settle(() => resolve(Buffer.concat(chunks, total)));
    /** @param {Error} error */
    const onError = (error) => settle(() => reject(error));
    const onClose = () => settle(() => reject(new Error('request body closed')));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });

/**
 * Next fills X-Forwarded-For from the socket only when absent; we always append the peer, so the
 * rightmost address is the one that connected (lib/http/request-info.ts counts proxies from it).
 * @param {IncomingMessage} req
 */
const markPeer = (req) => {
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${peer}` : peer;
};

// Headers the server settles itself (markPeer, the request log) rather than copying the client's.
const SETTLED = new Set(['x-forwarded-for', 'x-request-id']);

/**
 * @param {IncomingMessage} req
 * @param {RequestContext} [context]
 * @returns {HandedRequest}
 */
const toWebRequest = (req, context) => {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    if (SETTLED.has(name.toLowerCase())) continue;
    headers.append(name, req.rawHeaders[i + 1]);
  }
  for (const name of SETTLED) {
    const value = req.headers[name];
    if (typeof value === 'string' && value) headers.set(name, value);
  }
  // A JSON body is handed over as a reader of node's stream (REQUEST_BODY); any other body (an
  // upload's multipart) as the web stream the handler reads.
  const isJson = isJsonBody(req.method, req.headers['content-type']);
  const hasBody = !isJson && req.method !== 'GET' && req.method !== 'HEAD';
  // As Next does: https when a TLS-terminating proxy says so (the page-session cookie then gets
  // Secure); a Host header that is not a plain host[:port] cannot change the URL's shape.
  const proto =
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim() === 'https'
      ? 'https'
      : 'http';
  const host = /^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(req.headers.host ?? '')
    ? req.headers.host
    : 'localhost';
  /** @type {HandedRequest} */
  const request = new Request(`${proto}://${host}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? /** @type {ReadableStream} */ (Readable.toWeb(req)) : undefined,
    duplex: hasBody ? 'half' : undefined,
  });
  if (context) request[REQUEST_CONTEXT] = context;
  if (isJson) request[REQUEST_BODY] = (limit) => readNodeBody(req, limit);
  return request;
};

const { sendWebResponse, LINGER_BYTES, LINGER_MS } = require('./send-response.js');

/**
 * Calls `handler` for the request and sends its answer; a handler that throws answers the 500
 * envelope (its stack only in the log, with the request id).
 * @param {{ handler: RouteHandler, req: IncomingMessage, res: ServerResponse, context?: RequestContext,
 *   logger: Logger }} call
 */
const serveApi = async ({ handler, req, res, context, logger }) => {
  try {
    const response = await handler(toWebRequest(req, context), { params: Promise.resolve({}) });
    await sendWebResponse(response, req, res);
  } catch (error) {
    logger.error({ err: error, reqId: context?.id }, 'API handler failed');
    if (!res.headersSent) {
      res
        .writeHead(500, {
          ...apiSecurityHeaders(req),
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        })
        .end(INTERNAL_ERROR);
    } else res.destroy();
  }
};

/**
 * The server's request listener: the peer appended to X-Forwarded-For, the request id settled
 * (and the /api/ log line arranged), the security headers (server/security-headers.js), then the
 * route handler `handlerFor(req)` finds, or `fallback` (Next) when it finds none. `dev`: pages get
 * the content policy of `npm run dev` (server/security-headers.js).
 * @param {{
 *   dev?: boolean,
 *   requestLog: RequestLog,
 *   logger: Logger,
 *   handlerFor: (req: IncomingMessage) => RouteHandler | null,
 *   fallback: (req: IncomingMessage, res: ServerResponse) => unknown,
 * }} options
 * @returns {import('node:http').RequestListener}
 */
const createListener =
  ({ dev = false, requestLog, logger, handlerFor, fallback }) =>
  (req, res) => {
    markPeer(req);
    const context = requestLog.begin(req, res);
    const handler = handlerFor(req);
    if (handler) void serveApi({ handler, req, res, context, logger });
    else {
      // API paths Next answers (unknown paths, other methods) get the API's headers, pages a CSP
      // (`/api/../login` is a page).
      if (isPlainlyUnder(req.url || '/', '/api/')) {
        for (const [name, value] of Object.entries(apiSecurityHeaders(req))) res.setHeader(name, value);
      } else applyPageSecurityHeaders(req, res, { dev });
      void fallback(req, res);
    }
  };

module.exports = {
  createListener,
  markPeer,
  toWebRequest,
  sendWebResponse,
  serveApi,
  readNodeBody,
  REQUEST_CONTEXT,
  LINGER_BYTES,
  LINGER_MS,
};
