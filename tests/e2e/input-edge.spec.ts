import http from 'node:http';
import { expect, test } from '@playwright/test';

// The input limits that only a real server can show (scripts/server.mjs over real HTTP): paths
// whose %-escapes do not decode, and bodies over 5 MB that must be refused without being read.

const port = Number(process.env.E2E_PORT || 3210);
const MB = 1024 * 1024;

type RawAnswer = { status: number; body: string; written: number; connection?: string; isReset?: boolean };

/** A request sent by hand: the path as given, and `total` bytes of body written until the answer comes. */
const send = ({
  method = 'GET',
  path,
  headers = {},
  total = 0,
  hold = false,
}: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  total?: number;
  /** Leave the body unfinished after `total` bytes and wait for the answer. */
  hold?: boolean;
}) =>
  new Promise<RawAnswer>((resolve, reject) => {
    let written = 0;
    let answered = false;
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          written,
          connection: response.headers.connection,
        });
        request.destroy();
      });
    });
    // A refused body is not read to its end: the server closes the connection, which may reset
    // our writing. Only a failure before any answer counts.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      // The server closed while we were still writing: its answer may be lost with the reset.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
        resolve({ status: 0, body: '', written, isReset: true });
      } else reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!answered && written < total) {
        written += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!answered && !hold) request.end();
    };
    pump();
  });

const signIn = async () => {
  const answer = await new Promise<RawAnswer>((resolve, reject) => {
    const body = JSON.stringify({
      username: 'admin',
      password: process.env.E2E_ADMIN_PASSWORD || 'Admin12345',
    });
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/manage/login/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, written: 0 }));
      },
    );
    request.on('error', reject);
    request.end(body);
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
    expect(answer.connection).toBe('close');
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
