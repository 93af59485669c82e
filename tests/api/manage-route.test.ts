import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/http/app-error';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { call } from '../helpers/api';
import { signedIn } from '../helpers/users';

describe('manageRoute', () => {
  it('never leaks a stack or SQL: an unexpected error is a plain 500', async () => {
    const route = manageRoute({
      isPublic: true,
      handler: async () => {
        throw new Error('relation "secret_table" does not exist: SELECT password_hash FROM admin_user');
      },
    });
    const result = await call(route);
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ code: 500, message: '服务器内部错误', data: null });
  });

  it('answers a transaction that ran past its time limit as a retryable 503 in words', async () => {
    const route = manageRoute({
      isPublic: true,
      handler: async () => {
        const db = await getDb();
        // A real Prisma timeout (P2028): the transaction outlives its 100 ms and is rolled back.
        // (The wait is the app's, not pg_sleep: PGlite runs on this thread, so its sleep would
        // hold the timer back until the transaction was done.)
        await db.$transaction(
          async (tx) => {
            await tx.$queryRaw`SELECT 1`;
            await new Promise((resolve) => setTimeout(resolve, 400));
            await tx.$queryRaw`SELECT 1`;
          },
          { timeout: 100 },
        );
      },
    });
    const result = await call(route);
    expect(result.status).toBe(503);
    expect(result.headers.get('retry-after')).toBe('5');
    expect(result.body).toEqual({ code: 503, message: '服务器繁忙，请稍后重试', data: null });
  });

  it('maps an AppError to its code, status and message', async () => {
    const route = manageRoute({
      isPublic: true,
      handler: async () => {
        throw new AppError({ code: 404, message: '栏目不存在' });
      },
    });
    const result = await call(route);
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ code: 404, message: '栏目不存在', data: null });
  });

  it('validates input with zod and answers the first Chinese message', async () => {
    const route = manageRoute({
      isPublic: true,
      input: z.object({ id: z.coerce.number({ error: 'id 必须是数字' }).int().positive('id 必须是正整数') }),
      handler: async ({ input }) => reply({ doubled: input.id * 2 }, '好了'),
    });
    expect((await call(route, { query: { id: '-1' } })).body).toMatchObject({
      code: 400,
      message: 'id 必须是正整数',
    });
    expect((await call(route, { query: { id: '21' } })).body).toEqual({
      code: 200,
      message: '好了',
      data: { doubled: 42 },
    });
    expect((await call(route, { method: 'POST', body: { id: 4 } })).body.data).toEqual({ doubled: 8 });
  });

  it('answers a plain object with only data/message keys as data: only reply() sets the message', async () => {
    const route = manageRoute({
      isPublic: true,
      handler: async () => ({ data: [1, 2], message: '来自数据' }),
    });
    expect((await call(route)).body).toEqual({
      code: 200,
      message: '操作成功',
      data: { data: [1, 2], message: '来自数据' },
    });
  });

  it('does not treat the token query parameter as input, and reads it only where a route allows it', async () => {
    const { token } = await signedIn();
    const route = manageRoute({ input: z.object({}).strict(), handler: async () => 'ok' });
    expect((await call(route, { token, query: { token } })).body).toMatchObject({ code: 200, data: 'ok' });
    expect((await call(route, { query: { token } })).body).toMatchObject({ code: 50008 });
    const allowing = manageRoute({
      isTokenQueryAllowed: true,
      input: z.object({}).strict(),
      handler: async () => 'ok',
    });
    expect((await call(allowing, { query: { token } })).body).toMatchObject({ code: 200, data: 'ok' });
  });

  it('refuses an oversized JSON body with 413', async () => {
    const route = manageRoute({
      isPublic: true,
      input: z.object({ text: z.string() }),
      handler: async () => 'ok',
    });
    const result = await call(route, { method: 'POST', body: { text: 'x'.repeat(5 * 1024 * 1024 + 10) } });
    expect(result.status).toBe(413);
  });
});
