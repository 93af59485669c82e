// The server: Next serves the pages, and the manage API's route handlers are called straight from
// Next's compiled route modules, skipping Next's request router. `npm start`, the container's CMD
// and the browser tests run it on the build; `npm run dev` runs it on Next's dev server (--dev).
//
// Why: on a 2-core machine Next's router costs about 1.2 ms of CPU per request before a route
// handler runs (a no-op route: ~720 req/s from one process, p99 ~40 ms at 10 connections), which
// is several times what a list call's SQL costs. Our handlers are plain `(Request) => Response`
// functions (lib/http/manage-route.ts) that use no Next request context, so calling them directly
// gives the same answers for a fraction of the cost. Anything the table below does not hold (pages,
// assets, unknown API paths, methods a route does not export) goes to Next unchanged.
//
// --dev: Next compiles pages and routes when first asked and again after an edit (hot reload), so
// there is no table of compiled route modules to call: the API goes through Next's router. All the
// rest is the same: request ids and the request log, the security headers and content policy
// (which in dev also allows what React's and Next's dev tools need: security-headers.js), the
// first-screen preload, refusing broken paths, and closing the database on SIGTERM.
//
//   node server/server.mjs          (HOST, PORT; NEXT_DIST_DIR as for `next build`)
//   node server/server.mjs --dev    (the same variables; no build needed)
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import v8 from 'node:v8';

// Whatever this process creates — uploads, the embedded database's files, Next's cache — only this
// account may read (docs/SECURITY.md → Data files). The build it serves was made before, under the
// shell's umask, and is left as it is. lib/db/private-files.ts keeps PGlite's files 0600 even
// without this (PGlite sets their modes itself).
process.umask(0o077);

// V8 lets the old generation grow to up to 4× its live size before a full collection when the
// process allocates fast, as under a burst of API calls: ~45 MB live became 120–150 MB of heap
// (+100–150 MB RSS over idle, docs/BENCHMARKS.md → Memory and start time). Half its live size instead
// keeps the peak within ~+45 MB at the same CPU per call (A/B on that page). The flag is read each time
// V8 sets the next limit, so setting it here at start-up works; a --heap-growing-percent given to
// node itself wins.
const HEAP_GROWING = '--heap-growing-percent';
if (
  ![...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(' ')].some((flag) =>
    flag.startsWith(HEAP_GROWING),
  )
)
  v8.setFlagsFromString(`${HEAP_GROWING}=50`);

const dev = process.argv.includes('--dev');
const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
process.chdir(root);
// Set before Next loads, as `next start` and `next dev` do (assigned so: Next's types make it read-only).
Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' });

const hostname = process.env.HOST || '0.0.0.0';
const port = Number(process.env.PORT || 3000);
const { readApiTable, apiHandlerFor } = require('./api-routes.js');
const { createListener } = require('./serve-api.js');
const { apiSecurityHeaders } = require('./security-headers.js');
const { serverOptions } = require('./http-timeouts.js');
const { createLogger, createRequestLog } = require('./request-log.js');
const { PAGE_PATH_HEADER, LOGGER_GLOBAL } = require('../lib/http/server-handoff.js');

// One logger for the process, made before Next loads the app: lib/logger.ts takes this one from
// globalThis, so the request lines and the handlers' error lines share one stream (stdout).
const logger = createLogger();
Object.assign(globalThis, { [LOGGER_GLOBAL]: logger });
const requestLog = createRequestLog({ logger });

const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
// Where Next puts what it compiles: the build's folder, or its `dev` folder under --dev.
const compiledDir = dev ? path.join(distDir, 'dev') : distDir;
// The configuration the build resolved (as Next's own standalone server.js does): the container's
// standalone payload has no next.config.js and no build-time parts of Next to load one with. The
// dev server reads next.config.js itself.
if (!dev)
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(
    require(path.join(distDir, 'required-server-files.json')).config,
  );

// A path whose %-escapes do not decode (`/api/v1/manage/%E0%A4%A`): Next answers it with a bare
// 500, so it is refused here, before anything routes it. The query is left alone: the API and
// Next both read a broken escape there as text.
const BAD_PATH_MESSAGE = '请求地址格式不正确';
const BAD_PATH_JSON = JSON.stringify({ code: 400, message: BAD_PATH_MESSAGE, data: null });
/** @param {string} url */
const hasBrokenEscapes = (url) => {
  const query = url.indexOf('?');
  try {
    decodeURIComponent(query < 0 ? url : url.slice(0, query));
    return false;
  } catch {
    return true;
  }
};
/** @type {import('node:http').RequestListener} */
const refuseBadPath = (req, res) => {
  const isApi = (req.url || '/').startsWith('/api/');
  res
    .writeHead(400, {
      ...apiSecurityHeaders(req),
      'content-type': isApi ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    })
    .end(isApi ? BAD_PATH_JSON : BAD_PATH_MESSAGE);
};

// A request target that is not a path: `*` (`OPTIONS * HTTP/1.1` asks about the server itself) or
// the absolute form `http://host/path`, which clients send to a proxy. Next answers `*` with a
// bare 500 and a logged stack, and the absolute form with a redirect to the host it names. This
// server is no proxy and serves one site: both are refused. RFC 9112 §3.2.2 asks an origin server
// to accept the absolute form; we knowingly do not, so that no request carries a second host
// beside Host (which a cache in front, keyed on Host, could be poisoned through). A reverse proxy
// sends paths.
const BAD_TARGET_JSON = JSON.stringify({ code: 400, message: '请求地址不正确', data: null });
/** @type {import('node:http').RequestListener} */
const refuseBadTarget = (req, res) => {
  res
    .writeHead(400, {
      ...apiSecurityHeaders(req),
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    })
    .end(BAD_TARGET_JSON);
};

// Made before Next, which answers its WebSocket upgrade requests (the dev server's hot reload).
// Slow clients are bounded by the timeouts of server/http-timeouts.js (headers 20 s, a whole request
// 300 s, an idle keep-alive connection 65 s).
const server = http.createServer(serverOptions());
// next's types describe an ES module's default export; `require` gets the function itself.
const next = /** @type {typeof import('next').default} */ (/** @type {unknown} */ (require('next')));
const app = next({ dev, dir: root, hostname, port, httpServer: server });
const handleByNext = app.getRequestHandler();

// The page's path, for the (admin) layout, which Next does not tell it: a content list read on the
// server arrives with its rows in the HTML (lib/routes/first-screen.ts). Always set here, so a
// value sent by the client never reaches the app.
/** @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>} */
const handlePage = (req, res) => {
  const url = req.url || '/';
  const query = url.indexOf('?');
  req.headers[PAGE_PATH_HEADER] = query < 0 ? url : url.slice(0, query);
  return handleByNext(req, res);
};

// On SIGTERM, how long running requests get to finish: a transaction may wait 10 s to start and
// then run 15 s before Prisma rolls it back and the call answers 503 (the one source of both:
// lib/db/transaction-limits.json, lib/db/client.ts), and a second more to answer. Then the database
// is closed all the same, within CLOSE_MS (PGlite waits for a transaction still open).
const TRANSACTION_LIMITS = require('../lib/db/transaction-limits.json');
const DRAIN_MS = TRANSACTION_LIMITS.maxWait + TRANSACTION_LIMITS.timeout + 1_000;
const CLOSE_MS = 3_000;

/** @param {number} millis */
const seconds = (millis) => (millis / 1000).toFixed(1);
/** @param {() => Promise<unknown>} work */
const timed = async (work) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

/**
 * instrumentation.ts as Next compiled it.
 * @typedef {{ register: () => Promise<void>, closeDatabase: () => Promise<void> }} Instrumentation
 */

const main = async () => {
  // The compiled instrumentation.ts, the module instance Next loads too: register() opens and
  // migrates the database and creates the first admin; closeDatabase() closes the database the
  // route handlers share. In production Next runs register() only when it handles its first
  // request, which the direct API calls (a health probe, say) never make it do: run it before
  // listening, so the port opens on a migrated database (Next's own call then finds it done).
  // It runs beside Next's own preparation: each waits on files, and the database on compiling
  // PGlite's WebAssembly (off this thread), much of the time the other one computes. The dev
  // server compiles instrumentation.ts and runs register() while it prepares: the call here then
  // finds it done.
  const instrumentationFile = path.join(compiledDir, 'server', 'instrumentation.js');
  /** @type {Instrumentation} */
  let instrumentation;
  let appMs;
  let dbMs;
  if (dev) {
    appMs = await timed(() => app.prepare());
    instrumentation = require(instrumentationFile);
    dbMs = await timed(() => instrumentation.register());
  } else {
    instrumentation = require(instrumentationFile);
    [appMs, dbMs] = await Promise.all([timed(() => app.prepare()), timed(() => instrumentation.register())]);
  }
  // Under --dev none: Next compiles route modules on demand and after edits, so it routes the API.
  /** @type {import('./api-routes.js').ApiTable} */
  const table = dev ? new Map() : readApiTable(distDir);
  // Responses not yet finished; on SIGTERM they are told to close their connection when done.
  /** @type {Set<import('node:http').ServerResponse>} */
  const running = new Set();
  let stopping = false;
  // Every answer gets X-Request-Id and the security headers; /api/ requests get their log line.
  const listener = createListener({
    dev,
    requestLog,
    logger,
    handlerFor: (req) => apiHandlerFor({ table, url: req.url || '/', method: req.method }),
    fallback: handlePage,
  });
  server.on('request', (req, res) => {
    running.add(res);
    if (stopping) res.setHeader('connection', 'close');
    res.on('close', () => {
      running.delete(res);
      // A keep-alive connection whose answer began before SIGTERM goes idle now: close it.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    const url = req.url || '/';
    if (!url.startsWith('/')) refuseBadTarget(req, res);
    else if (hasBrokenEscapes(url)) refuseBadPath(req, res);
    else listener(req, res);
  });
  server.listen(port, hostname, () => {
    // performance.now(): milliseconds since this process started.
    console.log(
      `✓ 已就绪 http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}` +
        (dev
          ? `（开发模式，启动 ${seconds(performance.now())} 秒：应用和数据库 ${seconds(appMs + dbMs)} 秒；` +
            '接口经 Next 路由，页面和接口在首次访问时编译）'
          : `（启动 ${seconds(performance.now())} 秒：应用 ${seconds(appMs)} 秒，数据库 ${seconds(dbMs)} 秒，同时进行；` +
            `${table.size} 个接口直连）`),
    );
  });
  // Stop taking connections, let the running requests finish, then close the database (PGlite
  // writes its files and drops its lock) before leaving. Requests still running after DRAIN_MS are
  // left: the database is closed anyway and the process exits with code 1.
  /** @type {Promise<void> | null} */
  let closing = null;
  /** @param {number} code */
  const closeAndExit = (code) =>
    (closing ??= (async () => {
      try {
        await instrumentation.closeDatabase();
      } catch (error) {
        logger.error({ err: error }, '关闭数据库失败');
      }
      process.exit(code);
    })());
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`[server] ${seconds(DRAIN_MS)} 秒内未能处理完进行中的请求，关闭数据库后退出`);
      setTimeout(() => {
        console.error(`[server] ${seconds(CLOSE_MS)} 秒内未能关闭数据库，未关闭即退出`);
        process.exit(1);
      }, CLOSE_MS).unref();
      void closeAndExit(1);
    }, DRAIN_MS).unref();
    for (const res of running) if (!res.headersSent) res.setHeader('connection', 'close');
    server.close(() => void closeAndExit(0));
    server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
