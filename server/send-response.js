// How server/serve-api.js sends a route handler's web Response as node's answer, and lets a refused
// body's client read that answer (CommonJS, like serve-api.js).
const { Readable } = require('node:stream');
const { apiSecurityHeaders } = require('./security-headers.js');
const { ENVELOPE_TEXT } = require('../lib/http/server-handoff.js');

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

// An answer that closes the connection (a 413, an upload refused while streaming) may come before
// the client has sent its whole body. Closing the socket then, with bytes still arriving, makes the
// kernel reset the connection: a client still writing gets EPIPE or ECONNRESET instead of the
// answer it was sent (most clients read only once they have written everything). So the answer is
// written first and the rest of the body read and discarded — up to LINGER_BYTES or LINGER_MS,
// whichever comes first — before the connection is ended. A body declared larger than that is not
// waited for. The server's requestTimeout (server/server.mjs) bounds it too.
const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 30_000;

/**
 * Whether an answer to `req` with these headers should wait for the rest of the body first.
 * @param {IncomingMessage} req
 * @param {Record<string, string | string[]>} headers
 */
const lingersFor = (req, headers) =>
  !req.complete &&
  !req.destroyed &&
  String(headers.connection ?? '').toLowerCase() === 'close' &&
  !(Number(req.headers['content-length']) > LINGER_BYTES);

/**
 * Reads and discards what is left of `req`'s body (its other readers, such as the web stream a
 * handler was given, get no more of it: the handler has answered), then calls `done` once: at the
 * body's end, past LINGER_BYTES or LINGER_MS, or when the connection goes.
 * @param {IncomingMessage} req
 * @param {() => void} done
 */
const discardRest = (req, done) => {
  let read = 0;
  let isDone = false;
  const finish = () => {
    if (isDone) return;
    isDone = true;
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', finish);
    req.off('close', finish);
    req.off('error', finish);
    done();
  };
  /** @param {Buffer} chunk */
  const onData = (chunk) => {
    read += chunk.length;
    if (read > LINGER_BYTES) finish();
  };
  const timer = setTimeout(finish, LINGER_MS);
  timer.unref();
  req.unpipe();
  req.removeAllListeners('data');
  req.on('data', onData);
  req.once('end', finish);
  req.once('close', finish);
  req.once('error', finish);
  req.resume();
};

/**
 * @param {Response & { [ENVELOPE_TEXT]?: string }} response
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 */
const sendWebResponse = async (response, req, res) => {
  /** @type {Record<string, string | string[]>} */
  const headers = apiSecurityHeaders(req);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if (!response.body) {
    res.writeHead(response.status, headers).end();
    return;
  }
  // Small answers (the JSON envelope) in one write; downloads are streamed.
  if (!headers['content-disposition']) {
    const text = response[ENVELOPE_TEXT];
    const body = typeof text === 'string' ? Buffer.from(text) : Buffer.from(await response.arrayBuffer());
    headers['content-length'] = String(body.length);
    res.writeHead(response.status, headers);
    if (lingersFor(req, headers)) {
      // The whole answer goes out now (its length is known); ending it closes the connection.
      res.write(body);
      discardRest(req, () => res.end());
    } else res.end(body);
    return;
  }
  res.writeHead(response.status, headers);
  const stream = Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream} */ (response.body));
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
};

module.exports = { sendWebResponse, LINGER_BYTES, LINGER_MS };
