import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiGet, ApiError, NETWORK_ERROR_CODE } from '@/lib/client/api/core';

// apiRequest (lib/client/api/core.ts) against a real HTTP server on loopback. The browser resolves
// the client's relative URLs (/api/v1/manage/…) against the page; Node has no page, so fetch is
// given the server's origin — the only stand-in here (an edge that cannot exist in Node).
let server: http.Server;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url?.endsWith('/cut')) {
      // The headers and half a body, then the connection drops (as when the page unloads mid-answer).
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '200' });
      response.write('{"code":200,"message":"操作成功","data":{"roles":');
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    if (request.url?.endsWith('/html')) {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<html>网关页面</html>');
      return;
    }
    if (request.url?.endsWith('/bad-gateway')) {
      response.writeHead(502, { 'Content-Type': 'text/html' });
      response.end('<html>502</html>');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ code: 200, message: '操作成功', data: { roles: ['admin'] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  globalThis.fetch = (input, init) => realFetch(new URL(String(input), origin), init);
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise((resolve) => server.close(resolve));
});

const failureOf = async (path: string) => {
  try {
    await apiGet({ path, isQuiet: true });
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the call succeeded');
};

describe('apiRequest', () => {
  it('answers the envelope’s data', async () => {
    expect(await apiGet({ path: '/ok', isQuiet: true })).toEqual({ roles: ['admin'] });
  });

  it('an answer whose body is cut off is a network failure, never a success without data', async () => {
    const failure = await failureOf('/cut');
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.code).toBe(NETWORK_ERROR_CODE);
  });

  it('a 200 that is not an envelope is a failure (500), a 502 page keeps its status', async () => {
    const html = await failureOf('/html');
    expect([html.code, html.message]).toEqual([500, '服务器响应异常（HTTP 200）']);
    const gateway = await failureOf('/bad-gateway');
    expect([gateway.code, gateway.message]).toEqual([502, '服务器响应异常（HTTP 502）']);
  });
});
