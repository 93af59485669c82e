// @ts-check
// What the server (server/, plain Node) hands the app (lib/, bundled by Next) beside the request
// itself, named once here for both: the server requires this file (CommonJS, no build step), and
// lib/ imports it like a TypeScript module (type-checked through JSDoc, server/tsconfig.json).
// Symbol.for keys are the same in every copy of a module, so the app's bundled copy matches.

/**
 * The request's context `{ id, userId }` on a web Request the server built for a route handler it
 * calls itself (server/serve-api.js): lib/http/request-context.ts reads it, and manageRoute fills
 * in the user for the request's log line (server/request-log.js).
 */
const REQUEST_CONTEXT = Symbol.for('cms.requestContext');

/**
 * A reader of node's own stream for a JSON body, on such a Request (server/serve-api.js):
 * `(limit) => Promise<bytes | null>`, null once the body passes `limit`. lib/http/read-input.ts
 * uses it instead of the web stream.
 */
const REQUEST_BODY = Symbol.for('cms.requestBody');

/**
 * An answer's JSON text, kept beside its Response by lib/http/envelope.ts, so that
 * server/serve-api.js sends it without reading the Response's body stream back.
 */
const ENVELOPE_TEXT = Symbol.for('cms.envelopeText');

/**
 * The request header in which server/server.mjs hands a page's path to the (admin) layout
 * (lib/routes/first-screen.ts), which Next does not tell it. Set for every page request,
 * replacing whatever a client sent.
 */
const PAGE_PATH_HEADER = 'x-cms-page-path';

/**
 * What a request id may look like (UUIDs, hex ids, nginx's $request_id, "abc-123.4:5"): the server
 * takes no other from a proxy (server/request-log.js), and the app no other from the header.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The globalThis property that holds the process's pino logger: server/server.mjs puts its own
 * there before Next loads the app, and lib/logger.ts takes it (or makes one, without that server).
 * @type {'__cmsLogger'}
 */
const LOGGER_GLOBAL = '__cmsLogger';

/**
 * Whether a request's body is read as JSON by the manage API: not GET or HEAD, and a Content-Type
 * naming application/json. The server hands such a body over as REQUEST_BODY; lib/http/read-input.ts
 * parses it.
 * @param {string | undefined} method
 * @param {string | null | undefined} contentType
 */
const isJsonBody = (method, contentType) =>
  method !== 'GET' && method !== 'HEAD' && (contentType ?? '').includes('application/json');

module.exports = {
  REQUEST_CONTEXT,
  REQUEST_BODY,
  ENVELOPE_TEXT,
  PAGE_PATH_HEADER,
  SANE_REQUEST_ID,
  LOGGER_GLOBAL,
  isJsonBody,
};
