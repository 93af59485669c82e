import { expect, test } from '@playwright/test';
import { rawRequest } from '../helpers/raw-request';

// The input limits that only a real server can show (server/server.mjs over real HTTP): paths
// whose %-escapes do not decode, request targets that are not paths, and bodies over 5 MB that
// must be refused without being read.

const port = Number(process.env.E2E_PORT || 3210);
const MB = 1024 * 1024;

const send = (options: Omit<Parameters<typeof rawRequest>[0], 'port'>) => rawRequest({ port, ...options });

const signIn = async () => {
  const answer = await send({
    method: 'POST',
    path: '/api/v1/manage/login/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: process.env.E2E_ADMIN_PASSWORD || 'Admin12345' }),
  });
  return (JSON.parse(answer.body) as { data: { token: string } }).data.token;
};

test.describe('输入边界（真实 HTTP）', () => {
  test('路径中无法解码的 % 转义：接口答 400 信封，页面答 400，而不是 500', async () => {
    for (const path of [
      '/api/v1/manage/%E0%A4%A',
      '/api/v1/manage/news_manage/get_news_list%',
      '/api/v1/manage/news_manage/%ZZ',
    ]) {
      const answer = await send({ path });
      expect([path, answer.status, JSON.parse(answer.body)]).toEqual([
        path,
        400,
        { code: 400, message: '请求地址格式不正确', data: null },
      ]);
    }
    const page = await send({ path: '/class/%E0%A4%A' });
    expect([page.status, page.body]).toEqual([400, '请求地址格式不正确']);
    // A broken escape in the query is only text: the call is answered as usual.
    const query = await send({ path: '/api/v1/manage/login/info?x=%E0%A4%A' });
    expect(JSON.parse(query.body)).toMatchObject({ code: 50008 });
  });

  test('请求目标不是路径（* 与绝对地址形式）：答 400 信封，而不是 500 或转向别的主机', async () => {
    for (const [method, path] of [
      ['GET', '*'],
      ['OPTIONS', '*'],
      ['GET', 'http://x/'],
      ['GET', `http://127.0.0.1:${port}/login`],
      ['POST', 'http://x/api/v1/manage/login/login'],
    ]) {
      const answer = await send({ method, path, body: method === 'POST' ? '{}' : undefined });
      expect([method, path, answer.status, JSON.parse(answer.body)]).toEqual([
        method,
        path,
        400,
        { code: 400, message: '请求地址不正确', data: null },
      ]);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers.location).toBeUndefined();
    }
    // The server goes on answering.
    const after = await send({ path: '/api/v1/manage/login/info' });
    expect(JSON.parse(after.body)).toMatchObject({ code: 50008 });
  });

  test('声明 24 MB 的请求体：读之前就答 413 并关闭连接', async () => {
    const token = await signIn();
    // Only 64 KB of the declared 24 MB are sent, then the client waits: the answer can only come
    // from the declared length. (Writing on while the server closes would race its answer with
    // EPIPE on our side.)
    const answer = await send({
      method: 'POST',
      path: '/api/v1/manage/class_manage/save_class',
      headers: { 'content-type': 'application/json', 'content-length': String(24 * MB), 'x-token': token },
      total: 64 * 1024,
      hold: true,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ code: 413, message: '请求内容过大（最多 5 MB）', data: null });
    expect(answer.headers.connection).toBe('close');
    expect(answer.written).toBe(64 * 1024);
  });

  test('不带长度的分块请求体：读过 5 MB 即停，答 413', async () => {
    const token = await signIn();
    const answer = await send({
      method: 'POST',
      path: '/api/v1/manage/news_manage/save_news_info',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', 'x-token': token },
      total: 24 * MB,
    });
    // Refused with 413, or — when the server's close races our writing — cut off: either way it
    // stopped reading long before the 24 MB we would have sent.
    if (!answer.isReset) expect(answer.status).toBe(413);
    expect(answer.written).toBeGreaterThan(5 * MB);
    expect(answer.written).toBeLessThan(16 * MB);
  });
});
