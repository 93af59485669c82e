import { REQUEST_CONTEXT, SANE_REQUEST_ID } from './server-handoff.js';

/**
 * What server/server.mjs knows about a request it dispatched itself (server/serve-api.js puts it
 * on the web Request under REQUEST_CONTEXT): its id, and the user id the handler fills in for the
 * request's log line. Next-routed requests (and tests' own Requests) have none.
 */
export type RequestContext = { id: string; userId?: number };

export const requestContextOf = (request: Request): RequestContext | null =>
  (request as Request & { [REQUEST_CONTEXT]?: RequestContext })[REQUEST_CONTEXT] ?? null;

/**
 * The request's id for log lines: the context's, else the X-Request-Id header server/server.mjs
 * set before handing the request to Next (a client's value only where no such server runs, and
 * only when it looks sane).
 */
export const requestIdOf = (request: Request): string | undefined => {
  const context = requestContextOf(request);
  if (context) return context.id;
  const header = request.headers.get('x-request-id');
  return header && SANE_REQUEST_ID.test(header) ? header : undefined;
};
