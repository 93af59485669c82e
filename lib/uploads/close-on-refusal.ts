import type { ManageHandler } from '@/lib/http/manage-route';

const REFUSALS = new Set([403, 413, 415]);

/**
 * A refused upload answers after draining the body for a bounded time only: the connection is
 * closed rather than reused with a half-read request on it. That includes 403, which a kind the
 * user's roles do not upload gets while streaming when it is named in a field before the file.
 * Other answers (no session, the rate limit) come before the body is touched; Node discards it
 * then and the connection stays usable, so a client still sending gets its answer instead of a
 * reset (a 403 of the route's own role check closes a connection it need not: harmless).
 */
export const closeOnRefusal = (handler: ManageHandler): ManageHandler =>
  Object.assign(
    async (request: Request) => {
      const response = await handler(request);
      if (REFUSALS.has(response.status)) response.headers.set('Connection', 'close');
      return response;
    },
    { access: handler.access },
  );
