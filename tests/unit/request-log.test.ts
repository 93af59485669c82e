import { appLog } from '../helpers/captured-app-logger';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { manageRoute } from '@/lib/http/manage-route';
import { requestIdOf } from '@/lib/http/request-context';
import { startDispatch } from '../helpers/request-log';

const { loggedPath } = createRequire(__filename)('../../server/request-log.js') as {
  loggedPath: (url: string) => string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ECHO = '/api/v1/manage/demo/echo';
const BROKEN = '/api/v1/manage/demo/broken';
const RAW_THROW = '/api/v1/manage/demo/raw';

// Real manageRoute handlers, served by the production server's own listener (server/serve-api.js).
const routes = {
  [ECHO]: manageRoute({
    isPublic: true,
    input: z.object({ q: z.string().optional() }).passthrough(),
    handler: async ({ request }) => ({
      seenHeader: request.headers.get('x-request-id'),
      seenId: requestIdOf(request),
    }),
  }),
  [BROKEN]: manageRoute({
    isPublic: true,
    handler: async () => {
      throw new Error('boom: SELECT password_hash FROM admin_user');
    },
  }),
  [RAW_THROW]: async () => {
    throw new Error('the handler could not run');
  },
};

describe('the request log and X-Request-Id (server/request-log.js)', () => {
  let server: Awaited<ReturnType<typeof startDispatch>>;
  beforeAll(async () => {
    server = await startDispatch({ routes, captured: appLog });
  });
  afterAll(() => server.stop());

  it('writes one JSON line per API request: id, method, path without secrets, status, ms', async () => {
    const token = 'Q2hhbmdlLW1lLXRoaXMtaXMtYS1mYWtlLXRva2VuLTEyMzQ1Ng';
    const query = `q=${encodeURIComponent('经济')}&token=${token}&password=hunter2&api_key=k1&access_token=a1&nonce=${'x'.repeat(40)}&page=2`;
    const response = await fetch(`${server.base}${ECHO}?${query}`);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    // The handler saw the same id the answer carries.
    expect((await response.json()).data).toEqual({ seenHeader: id, seenId: id });
    const line = await server.requestLine(id);
    expect(line).toMatchObject({ level: 30, msg: 'request', reqId: id, method: 'GET', status: 200 });
    expect(line.path).toBe(
      `${ECHO}?q=%E7%BB%8F%E6%B5%8E&token=[REDACTED]&password=[REDACTED]&api_key=[REDACTED]&access_token=[REDACTED]&nonce=[REDACTED]&page=2`,
    );
    expect(typeof line.ms).toBe('number');
    expect(line.ms as number).toBeGreaterThanOrEqual(0);
    expect(line).not.toHaveProperty('userId');
    const everything = JSON.stringify(appLog.lines);
    for (const secret of [token, 'hunter2', 'k1&', 'a1&']) expect(everything).not.toContain(secret);
  });

  it('logs an error with the request id and its stack; the answer carries neither', async () => {
    const response = await fetch(`${server.base}${BROKEN}`, { method: 'GET' });
    const id = response.headers.get('x-request-id');
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ code: 500, message: '服务器内部错误', data: null });
    expect(text).not.toMatch(/boom|password_hash|\bat\b/);
    const error = appLog.lines.find((line) => line.level === 50 && line.reqId === id);
    expect(error?.msg).toBe('manage API failed');
    const err = error?.err as { message: string; stack: string };
    expect(err.message).toContain('boom');
    expect(err.stack).toMatch(/Error: boom[\s\S]*\n\s+at /);
    expect(await server.requestLine(id)).toMatchObject({ status: 500 });
  });

  it('a handler that throws outside manageRoute: the 500 envelope, the error logged with the id', async () => {
    const response = await fetch(`${server.base}${RAW_THROW}`, { method: 'GET' });
    const id = response.headers.get('x-request-id');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ code: 500, message: '服务器内部错误', data: null });
    const error = appLog.lines.find((line) => line.level === 50 && line.reqId === id);
    expect(error?.msg).toBe('API handler failed');
    expect((error?.err as { stack: string }).stack).toContain('the handler could not run');
  });

  it('pages carry an X-Request-Id too, but only API requests are logged', async () => {
    const page = await fetch(`${server.base}/login?redirect=%2Fhome`);
    const pageId = page.headers.get('x-request-id');
    expect(pageId).toMatch(UUID);
    await page.text();
    // A later API request's line is written after the page's answer closed.
    const api = await fetch(`${server.base}${ECHO}`);
    await server.requestLine(api.headers.get('x-request-id'));
    expect(appLog.lines.some((line) => line.reqId === pageId)).toBe(false);
  });
});

describe('a client’s X-Request-Id', () => {
  const send = async (base: string, sent: string) => {
    const response = await fetch(`${base}${ECHO}`, { headers: { 'x-request-id': sent } });
    return { id: response.headers.get('x-request-id'), body: (await response.json()).data };
  };

  it('is ignored without a trusted proxy (TRUST_PROXY_HOPS=0): a new id is made', async () => {
    const server = await startDispatch({ routes, hops: 0 });
    try {
      const { id, body } = await send(server.base, 'client-chosen-id-1');
      expect(id).toMatch(UUID);
      expect(body).toEqual({ seenHeader: id, seenId: id });
      expect((await server.requestLine(id)).reqId).toBe(id);
      expect(server.lines.some((line) => line.reqId === 'client-chosen-id-1')).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it('is used behind a trusted proxy when it is a plain short value, replaced otherwise', async () => {
    const server = await startDispatch({ routes, hops: 1 });
    try {
      const sent = 'f3a9c2e1-proxy.id:42';
      const used = await send(server.base, sent);
      expect(used).toEqual({ id: sent, body: { seenHeader: sent, seenId: sent } });
      expect((await server.requestLine(sent)).reqId).toBe(sent);
      for (const odd of ['has spaces in it', 'x'.repeat(129), '<script>', 'a"b']) {
        const { id, body } = await send(server.base, odd);
        expect(id).toMatch(UUID);
        expect(body.seenId).toBe(id);
      }
    } finally {
      await server.stop();
    }
  });
});

describe('loggedPath', () => {
  it('keeps ordinary parameters and the path as sent', () => {
    expect(loggedPath('/api/x?class_id=3&page=1&limit=10&title=%E7%BB%8F')).toBe(
      '/api/x?class_id=3&page=1&limit=10&title=%E7%BB%8F',
    );
    expect(loggedPath('/api/x')).toBe('/api/x');
    expect(loggedPath('/api/x?flag&author=abc')).toBe('/api/x?flag&author=abc');
  });

  it('replaces values of secret-looking names (any case, encoded) and of token-looking values', () => {
    expect(loggedPath('/a?Token=1&X-Api-Key=2&client_secret=3&new_password=4&%74oken=5&sig=6')).toBe(
      '/a?Token=[REDACTED]&X-Api-Key=[REDACTED]&client_secret=[REDACTED]&new_password=[REDACTED]&%74oken=[REDACTED]&sig=[REDACTED]',
    );
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    expect(loggedPath(`/a?state=${jwt}&id=12`)).toBe('/a?state=[REDACTED]&id=12');
  });

  it('bounds the length of what is logged', () => {
    expect(loggedPath(`/a?q=${encodeURIComponent('经济'.repeat(500))}`).length).toBe(1000);
    expect(loggedPath(`/${'a'.repeat(3000)}`).length).toBe(1000);
  });
});
