// A body over the limit — a 6 MB JSON call, a 25 MB upload — must be answered with its 413 and the
// Chinese message, and the client must be able to read that answer: not a reset (EPIPE /
// ECONNRESET) because the server closed the connection while the client was still sending. Over
// a real socket, through server/server.mjs's listener (server/serve-api.js) and the real route
// handlers. Runs on PGlite and on PostgreSQL.
import http from 'node:http';
import { createRequire } from 'node:module';
import { POST as saveClassRoute } from '@/app/api/v1/manage/class_manage/save_class/route';
import { POST as uploadRoute } from '@/app/api/v1/manage/news_manage/upload_one_file/route';
import { getDb } from '@/lib/db/client';
import { sendOnAfterAnswer, type Lingered } from '../helpers/raw-request';
import { startDispatch } from '../helpers/request-log';
import { signedIn } from '../helpers/users';
import { useStorageDriver } from './helpers/drivers';
import { HEADS } from './helpers/fixtures';

const { LINGER_BYTES } = createRequire(__filename)('../../server/serve-api.js') as { LINGER_BYTES: number };

const MB = 1024 * 1024;
const SAVE_CLASS = '/api/v1/manage/class_manage/save_class';
const UPLOAD = '/api/v1/manage/news_manage/upload_one_file';
const JSON_TOO_LARGE = { code: 413, message: '请求内容过大（最多 5 MB）', data: null };
const UPLOAD_TOO_LARGE = { code: 413, message: '上传文件大小不能超过 20 MB!', data: null };
const FORBIDDEN_KIND = { code: 403, message: '没有权限上传该类型的文件', data: null };

type Answer = { status: number; body: unknown } | { error: string };

/** Node's http client: writes the whole body, then reads the answer (fetch does the same). */
const post = ({
  port,
  path,
  headers,
  body,
}: {
  port: number;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}) =>
  new Promise<Answer>((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end(body);
  });

const multipart = (bytes: number) => {
  const boundary = '----cmsrefused';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nfile\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      HEADS.png,
      Buffer.alloc(bytes, 0x41),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
};

describe('a body over the limit is answered, and the client reads the answer', () => {
  const driver = useStorageDriver('local');
  let server: Awaited<ReturnType<typeof startDispatch>>;
  let port = 0;
  let token = '';
  beforeAll(async () => {
    server = await startDispatch({ routes: { [SAVE_CLASS]: saveClassRoute, [UPLOAD]: uploadRoute } });
    port = Number(new URL(server.base).port);
    ({ token } = await signedIn({ roles: ['admin'] }));
  });
  afterAll(() => server.stop());

  it('a 6 MB JSON call written whole before reading: 413 and its message, 20 times in a row', async () => {
    const body = Buffer.from(JSON.stringify({ name: '栏目', pad: 'x'.repeat(6 * MB) }));
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i += 1) {
      answers.push(
        await post({
          port,
          path: SAVE_CLASS,
          headers: { 'content-type': 'application/json', 'x-token': token },
          body,
        }),
      );
    }
    expect(answers).toEqual(Array(20).fill({ status: 413, body: JSON_TOO_LARGE }));
  }, 120_000);

  it('a 25 MB upload written whole before reading: 413 and its message, 20 times in a row, nothing kept', async () => {
    const { body, contentType } = multipart(25 * MB);
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i += 1) {
      answers.push(
        await post({ port, path: UPLOAD, headers: { 'content-type': contentType, 'x-token': token }, body }),
      );
    }
    expect(answers).toEqual(Array(20).fill({ status: 413, body: UPLOAD_TOO_LARGE }));
    expect(await driver.listKeys()).toEqual([]);
    expect(await (await getDb()).uploadedFile.count()).toBe(0);
  }, 240_000);

  it('a declared 6 MB JSON body answered before it is read: the client may send it all, 20 times in a row', async () => {
    const results: Lingered[] = [];
    for (let i = 0; i < 20; i += 1) {
      results.push(
        await sendOnAfterAnswer({
          port,
          path: SAVE_CLASS,
          headers: { 'Content-Type': 'application/json', 'X-Token': token },
          total: 6 * MB,
        }),
      );
    }
    expect(results).toEqual(
      Array(20).fill({
        status: 413,
        body: JSON_TOO_LARGE,
        written: 6 * MB,
        isEndedInOrder: true,
        writeError: undefined,
      }),
    );
  }, 120_000);

  it('a chunked JSON body: read just past 5 MB, answered, the rest (to 12 MB) still taken in', async () => {
    const result = await sendOnAfterAnswer({
      port,
      path: SAVE_CLASS,
      headers: { 'Content-Type': 'application/json', 'X-Token': token },
      total: 12 * MB,
      isChunked: true,
    });
    expect(result).toEqual({
      status: 413,
      body: JSON_TOO_LARGE,
      written: 12 * MB,
      isEndedInOrder: true,
      writeError: undefined,
    });
  });

  it('a 25 MB upload of a kind refused before its body is read (403): the client may send it all', async () => {
    const { token: limited } = await signedIn({ roles: ['manage_user'] });
    const { body, contentType } = multipart(25 * MB);
    const result = await sendOnAfterAnswer({
      port,
      path: `${UPLOAD}?kind=file`,
      headers: { 'Content-Type': contentType, 'X-Token': limited },
      head: body,
      total: body.length,
    });
    expect(result).toEqual({
      status: 403,
      body: FORBIDDEN_KIND,
      written: body.length,
      isEndedInOrder: true,
      writeError: undefined,
    });
  });

  it('does not wait for a body past its bound: a client sending on and on is cut off after it', async () => {
    const result = await sendOnAfterAnswer({
      port,
      path: SAVE_CLASS,
      headers: { 'Content-Type': 'application/json', 'X-Token': token },
      total: 4 * LINGER_BYTES,
      isChunked: true,
    });
    expect([result.status, result.body]).toEqual([413, JSON_TOO_LARGE]);
    expect(result.writeError).toBeDefined();
    expect(result.written).toBeGreaterThan(LINGER_BYTES);
    expect(result.written).toBeLessThan(LINGER_BYTES + 16 * MB);
  });
});
