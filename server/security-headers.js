// Security headers for every answer of server/server.mjs (CommonJS, so jest loads it too).
//
// Pages get a Content-Security-Policy with a fresh nonce per request: Next reads the nonce from the
// request's own `content-security-policy` header while it renders and puts it on every script it
// emits, so only Next's scripts run — an injected <script> or onerror= does not. The Admin-Token
// cookie is readable by script by design (the client sends it as X-Token), so this policy is what
// stands between a stored XSS and a stolen token.
//
// style-src keeps 'unsafe-inline': MUI renders style="" attributes on the server and emotion
// injects <style> tags; a style can change how a page looks but cannot run code or read the token.
// Images and media may come from any http(s) origin: rich text may show pictures from elsewhere,
// and uploads may be served from an S3 host or a CDN.
const crypto = require('node:crypto');

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
};

// `npm run dev` (server.mjs --dev): React's development build evaluates code in the browser (to
// rebuild the server's stack frames for the console), so the dev server's pages need eval; the
// built app's never do. That is all the dev server needs: with it Chromium reported no violation
// on sign-in and the admin pages, and the hot-reload WebSocket (/_next/hmr) is same-origin, which
// connect-src 'self' allows (docs/DEVELOPMENT.md).
const DEV_SCRIPT_SOURCES = " 'unsafe-eval'";

/** The API answers JSON and downloads: nothing in them may run or be framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The page policy with `nonce`; `dev` adds DEV_SCRIPT_SOURCES.
 * @param {string} nonce
 * @param {{ dev?: boolean }} [options]
 */
const pagePolicy = (nonce, { dev = false } = {}) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? DEV_SCRIPT_SOURCES : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' blob: http: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');

/**
 * https as the client sees it: a TLS-terminating proxy says so (only trusted when one is configured).
 * @param {IncomingMessage} req
 */
const isHttps = (req) =>
  (Number(process.env.TRUST_PROXY_HOPS) || 0) > 0 &&
  String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim() === 'https';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers for an API answer (set on the Node response before the handler's own headers).
 * @param {IncomingMessage} req
 * @returns {Record<string, string>}
 */
const apiSecurityHeaders = (req) => ({
  ...COMMON,
  'content-security-policy': API_POLICY,
  ...(isHttps(req) ? { 'strict-transport-security': HSTS } : {}),
});

/**
 * Whether the path of `url` lies plainly under `prefix` (`/uploads/`): every segment after the
 * first slash non-empty and, %-escapes decoded, neither `.` nor `..` nor holding a slash or
 * backslash. Next's router decodes escapes and resolves dot segments before it routes, so a path
 * that only starts with the prefix — `/uploads/../login`, `/_next/static/..%2flogin`,
 * `//uploads/x`, `/uploads%2f..` — may reach a page; it does not count.
 * @param {string} url
 * @param {string} prefix
 */
const isPlainlyUnder = (url, prefix) => {
  const query = url.indexOf('?');
  const pathname = query < 0 ? url : url.slice(0, query);
  if (!pathname.startsWith(prefix)) return false;
  return pathname
    .slice(1)
    .split('/')
    .every((segment) => {
      let text;
      try {
        text = decodeURIComponent(segment);
      } catch {
        return false;
      }
      return text !== '' && text !== '.' && text !== '..' && !/[\\/]/.test(text);
    });
};

/**
 * For a request Next will answer: sets the response headers and hands the nonce to Next through
 * the request's CSP header. Static build files and uploads keep their own headers (uploads have a
 * sandboxing policy of their own) — decided on the path as the router will see it, so that no
 * page goes without the policy.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {{ dev?: boolean }} [options] `dev`: the policy of `npm run dev` (pagePolicy).
 */
const applyPageSecurityHeaders = (req, res, { dev = false } = {}) => {
  for (const [name, value] of Object.entries(COMMON)) res.setHeader(name, value);
  if (isHttps(req)) res.setHeader('Strict-Transport-Security', HSTS);
  const url = req.url || '/';
  if (isPlainlyUnder(url, '/_next/static/') || isPlainlyUnder(url, '/uploads/')) return;
  const policy = pagePolicy(crypto.randomBytes(16).toString('base64'), { dev });
  req.headers['content-security-policy'] = policy;
  delete req.headers['content-security-policy-report-only'];
  res.setHeader('Content-Security-Policy', policy);
};

module.exports = { apiSecurityHeaders, applyPageSecurityHeaders, isPlainlyUnder, pagePolicy, API_POLICY };
