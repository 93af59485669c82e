import http from 'node:http';
import { z } from 'zod';
import { manageRoute } from '@/lib/http/manage-route';
import { MAX_JSON_BYTES } from '@/lib/http/read-input';
import { rawRequest } from '../helpers/raw-request';
import { startDispatch } from '../helpers/request-log';

// A JSON body that server/serve-api.js dispatches itself is read from node's stream (no web
// stream in between) by lib/http/read-input.ts; an envelope is sent from its own text. These are
// the same rules as the web path (tests/api/input-limits.test.ts), through the server's listener.

const ECHO = '/api/v1/manage/demo/echo';
const MB = 1024 * 1024;

type Seen = { message: string; code: number };
const seen: Seen[] = [];
const echo = manageRoute({
  isPublic: true,
  input: z.object({}).passthrough(),
  handler: async ({ input, request }) => ({ input, webBody: request.body !== null }),
});
const routes = {
  // What each call answered, kept here too: an aborted call's answer never reaches its client.
  [ECHO]: async (request: Request) => {
    const response = await echo(request);
    seen.push((await response.clone().json()) as Seen);
    return response;
  },
};

describe('a JSON body served by the production listener (server/serve-api.js)', () => {
  let server: Awaited<ReturnType<typeof startDispatch>>;
  let port = 0;
  beforeAll(async () => {
    server = await startDispatch({ routes });
    port = Number(new URL(server.base).port);
  });
  const send = (options: Omit<Parameters<typeof rawRequest>[0], 'port' | 'method' | 'path'>) =>
    rawRequest({ port, method: 'POST', path: ECHO, ...options });
  afterAll(() => server.stop());

  it('reads it without a web stream and answers the envelope’s own text', async () => {
    const input = { title: '经济新闻', nested: { list: [1, 2, 3] } };
    const answer = await send({
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(input),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body)).toEqual({
      code: 200,
      message: '操作成功',
      data: { input, webBody: false },
    });
  });

  it('keeps the web stream for a body that is not JSON', async () => {
    const answer = await send({ headers: { 'content-type': 'text/plain' }, body: 'a=1' });
    expect(JSON.parse(answer.body).data).toEqual({ input: {}, webBody: true });
  });

  it('answers the same refusals as the web path: broken JSON, bytes that are not UTF-8', async () => {
    const json = { 'content-type': 'application/json' };
    expect(JSON.parse((await send({ headers: json, body: '{"a":' })).body)).toEqual({
      code: 400,
      message: '请求格式不正确',
      data: null,
    });
    const notUtf8 = Buffer.from([...Buffer.from('{"a":"'), 0xff, 0xfe, ...Buffer.from('"}')]);
    expect(JSON.parse((await send({ headers: json, body: notUtf8 })).body).message).toBe(
      '请求内容不是有效的 UTF-8 文字',
    );
    // An empty body is an empty input, as on the web path.
    expect(JSON.parse((await send({ headers: json, body: '' })).body).data.input).toEqual({});
  });

  it('refuses a declared length over 5 MB before reading, and closes the connection', async () => {
    const answer = await send({
      headers: { 'content-type': 'application/json', 'content-length': String(24 * MB) },
      total: 64 * 1024,
      hold: true,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ code: 413, message: '请求内容过大（最多 5 MB）', data: null });
    expect(answer.headers.connection).toBe('close');
  });

  it('stops reading a chunked body just past 5 MB', async () => {
    const answer = await send({
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      total: 24 * MB,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(answer.written).toBeGreaterThan(MAX_JSON_BYTES);
    // What the sockets' buffers hold besides what the server read: far from the 24 MB offered.
    expect(answer.written).toBeLessThan(16 * MB);
  });

  it('answers a body the client broke off as incomplete, without waiting for the rest', async () => {
    seen.length = 0;
    const request = http.request(`${server.base}${ECHO}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '1000' },
    });
    request.on('error', () => {});
    request.write('{"title":"');
    await new Promise((resolve) => setTimeout(resolve, 50));
    request.destroy();
    for (let i = 0; i < 250 && seen.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([{ code: 400, message: '请求内容不完整，请重试', data: null }]);
    // The listener goes on serving.
    const next = await send({ headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(next.status).toBe(200);
  });
});
