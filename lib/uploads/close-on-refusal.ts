import type { ManageHandler } from '@/lib/http/manage-route';

const REFUSALS = new Set([413, 415]);

/**
 * A refused upload answers after draining the body for a bounded time only: the connection is
 * closed rather than reused with a half-read request on it. Other answers (no session, no role)
 * come before the body is touched; Node discards it then and the connection stays usable, so a
 * client still sending gets its answer instead of a reset.
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
