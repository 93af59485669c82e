// The manage API's direct-call table of server/server.mjs (CommonJS, so jest loads it too).
const fs = require('node:fs');
const path = require('node:path');

const API_PREFIX = '/api/';

/**
 * A route handler as Next's compiled route module exports it: `(Request, { params }) => Response`.
 * @typedef {(request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>} RouteHandler
 */
/**
 * An API path's compiled route module, and its method handlers once loaded (null: not yet; false:
 * the module could not be used).
 * @typedef {{ file: string, handlers: Record<string, RouteHandler> | false | null }} ApiRoute
 */
/** @typedef {Map<string, ApiRoute>} ApiTable */

/**
 * Exact API paths → their compiled route module file, from the build's own manifest. Dynamic
 * segments (the catch-all 404) stay with Next.
 * @param {string} distDir
 * @returns {ApiTable}
 */
const readApiTable = (distDir) => {
  /** @type {Record<string, string>} */
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'app-path-routes-manifest.json'), 'utf8'));
  /** @type {ApiTable} */
  const table = new Map();
  for (const [entry, pathname] of Object.entries(manifest)) {
    if (!entry.endsWith('/route') || !pathname.startsWith(API_PREFIX) || pathname.includes('[')) continue;
    table.set(pathname, { file: path.join(distDir, 'server', 'app', `${entry}.js`), handlers: null });
  }
  return table;
};

/**
 * The route's exported method handlers, or null: when the module is not shaped as expected or
 * throws while loading, the path is left to Next (which answers or fails on its own) for the rest
 * of the process, and the reason is logged once. Never throws.
 * @param {ApiRoute} route
 * @returns {Record<string, RouteHandler> | null}
 */
const handlersOf = (route) => {
  if (route.handlers === null) {
    try {
      const userland = require(route.file)?.routeModule?.userland;
      route.handlers = userland && typeof userland === 'object' ? userland : false;
      if (!route.handlers) console.warn(`[server] ${route.file} 的路由模块结构不符，交给 Next 处理`);
    } catch (error) {
      route.handlers = false;
      console.error(`[server] ${route.file} 加载失败，交给 Next 处理`, error);
    }
  }
  return route.handlers || null;
};

/**
 * The handler that serves `url` with `method` directly, or null: Next serves it.
 * @param {{ table: ApiTable, url: string, method: string | undefined }} request
 * @returns {RouteHandler | null}
 */
const apiHandlerFor = ({ table, url, method }) => {
  if (!url.startsWith(API_PREFIX)) return null;
  const query = url.indexOf('?');
  const route = table.get(query < 0 ? url : url.slice(0, query));
  return (route && method && handlersOf(route)?.[method]) || null;
};

module.exports = { readApiTable, handlersOf, apiHandlerFor };
