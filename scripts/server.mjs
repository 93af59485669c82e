// The production server: Next serves the pages, and the manage API's route handlers are called
// straight from Next's compiled route modules, skipping Next's request router.
//
// Why: on a 2-core machine Next's router costs about 1.2 ms of CPU per request before a route
// handler runs (a no-op route: ~720 req/s from one process, p99 ~40 ms at 10 connections), which
// is several times what a list call's SQL costs. Our handlers are plain `(Request) => Response`
// functions (lib/http/manage-route.ts) that use no Next request context, so calling them directly
// gives the same answers for a fraction of the cost. Anything the table below does not hold (pages,
// assets, unknown API paths, methods a route does not export) goes to Next unchanged.
//
//   node scripts/server.mjs            (HOST, PORT; NEXT_DIST_DIR as for `next build`)
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
process.chdir(root);
process.env.NODE_ENV = 'production';

const hostname = process.env.HOST || '0.0.0.0';
const port = Number(process.env.PORT || 3000);
const { readApiTable, apiHandlerFor } = require('./api-routes.js');
// The manage API's 500 envelope, the same file lib/http/manage-route.ts answers it from.
const INTERNAL_ERROR = JSON.stringify(require('../lib/http/internal-error.json'));

const next = require('next');
const app = next({ dev: false, dir: root, hostname, port });
const handleByNext = app.getRequestHandler();

/** Next fills X-Forwarded-For from the socket only when absent; we always append the peer, so the
 * rightmost address is the one that connected (lib/http/request-info.ts counts proxies from it). */
const markPeer = (req) => {
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${peer}` : peer;
};

const toWebRequest = (req) => {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    if (name.toLowerCase() === 'x-forwarded-for') continue;
    headers.append(name, req.rawHeaders[i + 1]);
  }
  headers.set('x-forwarded-for', req.headers['x-forwarded-for']);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
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
  return new Request(`${proto}://${host}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? Readable.toWeb(req) : undefined,
    duplex: hasBody ? 'half' : undefined,
  });
};

const sendWebResponse = async (response, res) => {
  const headers = {};
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
    const body = Buffer.from(await response.arrayBuffer());
    headers['content-length'] = String(body.length);
    res.writeHead(response.status, headers).end(body);
    return;
  }
  res.writeHead(response.status, headers);
  const stream = Readable.fromWeb(response.body);
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
};

const serveApi = async (handler, req, res) => {
  try {
    const response = await handler(toWebRequest(req), { params: Promise.resolve({}) });
    await sendWebResponse(response, res);
  } catch (error) {
    console.error('[server] API handler failed', error);
    if (!res.headersSent) {
      res
        .writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
        .end(INTERNAL_ERROR);
    } else res.destroy();
  }
};

const main = async () => {
  await app.prepare(); // runs instrumentation.ts: migrations and the first admin
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
  // The compiled instrumentation.ts, the module instance Next loaded: its closeDatabase() closes
  // the database the route handlers share.
  const instrumentation = require(path.join(distDir, 'server', 'instrumentation.js'));
  const table = readApiTable(distDir);
  const server = http.createServer((req, res) => {
    markPeer(req);
    const handler = apiHandlerFor({ table, url: req.url || '/', method: req.method });
    if (handler) void serveApi(handler, req, res);
    else void handleByNext(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => {
    console.log(
      `✓ 服务已启动：http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}（${table.size} 个接口直连）`,
    );
  });
  // Stop taking requests, let the running ones finish, then close the database (PGlite writes
  // its files and drops its lock) before leaving; give up after 10 s.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 10_000).unref();
    server.close(async () => {
      try {
        await instrumentation.closeDatabase();
      } catch (error) {
        console.error('[server] closing the database failed', error);
      }
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
