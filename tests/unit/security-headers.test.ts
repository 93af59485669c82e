// server/security-headers.js: what server/server.mjs puts on API answers and pages.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { apiSecurityHeaders, applyPageSecurityHeaders } = require('../../server/security-headers.js');

type Req = { url: string; headers: Record<string, string | undefined> };
const pageHeaders = (req: Req, options?: { dev?: boolean }) => {
  const set: Record<string, string> = {};
  applyPageSecurityHeaders(req, { setHeader: (name: string, value: string) => (set[name] = value) }, options);
  return set;
};

describe('security headers', () => {
  const hops = process.env.TRUST_PROXY_HOPS;
  afterEach(() => {
    if (hops === undefined) delete process.env.TRUST_PROXY_HOPS;
    else process.env.TRUST_PROXY_HOPS = hops;
  });

  it('a page gets a fresh nonce, given to Next through the request, replacing any the client sent', () => {
    const req: Req = { url: '/login', headers: { 'content-security-policy': "script-src 'nonce-mine'" } };
    const first = pageHeaders(req);
    const policy = first['Content-Security-Policy'];
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(req.headers['content-security-policy']).toBe(policy);
    expect(policy).not.toContain('nonce-mine');
    expect(pageHeaders({ url: '/login', headers: {} })['Content-Security-Policy']).not.toBe(policy);
    expect(first['x-content-type-options']).toBe('nosniff');
  });

  it("npm run dev (server.mjs --dev) adds eval (React's development build needs it) to the page policy and nothing else", () => {
    const built = pageHeaders({ url: '/login', headers: {} })['Content-Security-Policy'];
    const dev = pageHeaders({ url: '/login', headers: {} }, { dev: true })['Content-Security-Policy'];
    const withoutNonce = (policy: string) => policy.replace(/'nonce-[^']+'/, "'nonce'");
    expect(built).not.toContain('unsafe-eval');
    expect(withoutNonce(dev)).toBe(
      withoutNonce(built).replace("'strict-dynamic'", "'strict-dynamic' 'unsafe-eval'"),
    );
    expect(apiSecurityHeaders({ url: '/api/health', headers: {} })['content-security-policy']).not.toContain(
      'unsafe-eval',
    );
  });

  it('static files and uploads keep their own policy', () => {
    expect(pageHeaders({ url: '/_next/static/chunks/a.js', headers: {} })['Content-Security-Policy']).toBe(
      undefined,
    );
    expect(pageHeaders({ url: '/uploads/2026/11/a.png', headers: {} })['Content-Security-Policy']).toBe(
      undefined,
    );
  });

  it('a path that only starts like a static file or an upload, and may reach a page, gets the page policy', () => {
    for (const url of [
      '/uploads/../login',
      '/uploads/%2e%2e/login',
      '/uploads/.%2E/login',
      '/uploads/./2026/a.png',
      '/_next/static/..%2flogin',
      '/_next/static/../../login',
      '/_next/static/chunks%5c..%5c..%5clogin',
      '//uploads/x',
      '/uploads//2026/a.png',
      '/uploads%2f..',
      '/uploads/',
      '/uploads/%E0%A4%A',
    ])
      expect([url, pageHeaders({ url, headers: {} })['Content-Security-Policy']]).toEqual([
        url,
        expect.stringContaining("script-src 'self' 'nonce-"),
      ]);
    // Escapes of ordinary characters and a query with dots leave a file a file.
    for (const url of [
      '/_next/static/chunks/%5Broot-of-the-server%5D__abc._.js',
      '/uploads/2026/11/a.png?v=../..',
    ])
      expect([url, pageHeaders({ url, headers: {} })['Content-Security-Policy']]).toEqual([url, undefined]);
  });

  it('API answers forbid running or framing anything', () => {
    const headers = apiSecurityHeaders({ url: '/api/x', headers: {} });
    expect(headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('HSTS only when a trusted proxy says the client used https', () => {
    const req = { url: '/api/x', headers: { 'x-forwarded-proto': 'https' } };
    delete process.env.TRUST_PROXY_HOPS;
    expect(apiSecurityHeaders(req)['strict-transport-security']).toBeUndefined();
    process.env.TRUST_PROXY_HOPS = '1';
    expect(apiSecurityHeaders(req)['strict-transport-security']).toMatch(/^max-age=31536000/);
    expect(pageHeaders({ url: '/login', headers: { 'x-forwarded-proto': 'http' } })).not.toHaveProperty(
      'Strict-Transport-Security',
    );
  });
});
