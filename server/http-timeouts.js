// How long the server waits on a client (server/server.mjs sets these; docs/OPERATIONS.md → The
// server → Timeouts). A client that is slow on purpose (slowloris: headers a byte at a time, or a
// connection opened and left) holds a socket and a little memory each, never the event loop: these
// bound how long, so that many of them cannot use up the sockets others need.

/** The whole header block of a request must arrive within this (a browser sends it at once). */
const HEADERS_TIMEOUT_MS = 20_000;
/**
 * The whole request, body included, within this: a 20 MB upload needs about 0.6 Mbit/s. Node's own
 * default, set here so that it is written down. HTTP_REQUEST_TIMEOUT_SECONDS changes it (10–3600):
 * slower uplinks need more, a site that takes no large uploads may want less (bench/faults.mjs
 * uses it to see a trickled body cut off without waiting five minutes).
 */
const requestTimeoutMs = () => {
  const seconds = Number(process.env.HTTP_REQUEST_TIMEOUT_SECONDS);
  return Number.isInteger(seconds) && seconds >= 10 && seconds <= 3600 ? seconds * 1000 : 300_000;
};
const REQUEST_TIMEOUT_MS = requestTimeoutMs();
/**
 * An idle keep-alive connection is closed after this: longer than the 60 s idle timeout of common
 * load balancers (AWS ALB's default), so the app never closes a connection a proxy is about to reuse.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How often Node checks the two limits above against every open connection. */
const CHECK_INTERVAL_MS = 2_000;

/** Options for http.createServer (the checking interval is only taken there). */
const serverOptions = () => ({
  // Node requires it no longer than the whole request's.
  headersTimeout: Math.min(HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS),
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  connectionsCheckingInterval: CHECK_INTERVAL_MS,
});

module.exports = {
  HEADERS_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  CHECK_INTERVAL_MS,
  serverOptions,
};
