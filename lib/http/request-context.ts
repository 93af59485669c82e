/**
 * What scripts/server.mjs knows about a request it dispatched itself (scripts/serve-api.js puts it
 * on the web Request under this key): its id, and the user id the handler fills in for the
 * request's log line. Next-routed requests (and tests' own Requests) have none.
 */
export type RequestContext = { id: string; userId?: number };

const REQUEST_CONTEXT = Symbol.for('cms.requestContext');
// scripts/request-log.js accepts no other shape from a proxy either.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const requestContextOf = (request: Request): RequestContext | null =>
  (request as Request & { [REQUEST_CONTEXT]?: RequestContext })[REQUEST_CONTEXT] ?? null;

/**
 * The request's id for log lines: the context's, else the X-Request-Id header scripts/server.mjs
 * set before handing the request to Next (under `next dev` a client's value, when it looks sane).
 */
export const requestIdOf = (request: Request): string | undefined => {
  const context = requestContextOf(request);
  if (context) return context.id;
  const header = request.headers.get('x-request-id');
  return header && SANE_ID.test(header) ? header : undefined;
};
