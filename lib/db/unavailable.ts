// Whether a failed statement failed because the database could not be reached or dropped the
// connection (a restart, a failover, a network cut) — not because of the statement. Such a call is
// answered 503 服务器繁忙 (lib/http/manage-route.ts): retryable, nothing written, not a bug.

// Node's socket errors, as pg and Prisma's adapter pass them on.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
// Prisma's driver-adapter kinds for the same.
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash,
// cannot connect now), and 53300 too_many_connections.
const SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
// pg's own words when the socket closes under it or a connection cannot be had in time.
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

type Failure = { code?: unknown; kind?: unknown; severity?: unknown; message?: unknown; cause?: unknown };

const isUnavailableOne = (failure: Failure) =>
  (typeof failure.code === 'string' && (SOCKET_CODES.has(failure.code) || SQLSTATE.test(failure.code))) ||
  (typeof failure.kind === 'string' && ADAPTER_KINDS.has(failure.kind)) ||
  // A FATAL error ends the session: the server refused or closed the connection (e.g. a database
  // that is not accepting connections, 55000, during a restart or maintenance). A PANIC ends every
  // session (PGlite's thread restarts after one); the call that meets it did not cause it.
  failure.severity === 'FATAL' ||
  failure.severity === 'PANIC' ||
  (typeof failure.message === 'string' && PG_MESSAGES.test(failure.message));

/** The error and what it wraps (Prisma's meta.driverAdapterError.cause, an Error's cause), a few deep. */
const layersOf = (error: unknown) => {
  const layers: Failure[] = [];
  let next: unknown = error;
  for (let depth = 0; depth < 4 && next && typeof next === 'object'; depth += 1) {
    const failure = next as Failure & { meta?: { driverAdapterError?: { cause?: unknown } } };
    layers.push(failure);
    const adapterCause = failure.meta?.driverAdapterError?.cause;
    if (adapterCause && typeof adapterCause === 'object') layers.push(adapterCause as Failure);
    next = failure.cause;
  }
  return layers;
};

export const isDatabaseUnavailable = (error: unknown) => layersOf(error).some(isUnavailableOne);
