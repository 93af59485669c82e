import 'server-only';
import { z, ZodError } from 'zod';
import { authenticate, type AuthSession } from '@/lib/auth/session';
import { hasAnyRole, type Role } from '@/lib/auth/roles';
import { logger } from '@/lib/logger';
import { AppError, ErrorCode } from './app-error';
import { envelope } from './envelope';
// The 500 body, shared with scripts/server.mjs (which answers it when a handler cannot run).
import INTERNAL_ERROR from './internal-error.json';
import { clientIp, tokenFrom } from './request-info';

const MAX_JSON_BYTES = 5 * 1024 * 1024;

/**
 * A handler's answer with its own success message. Only an instance made by reply() is taken as
 * one: any other value a handler returns is the data as it is, whatever its keys.
 */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly message?: string,
  ) {}
}
export const reply = <T>(data: T, message?: string): Reply<T> => new Reply(data, message);

type HandlerContext<I, S> = {
  input: I;
  session: S;
  request: Request;
  ip: string;
  userAgent: string;
  /** Extra response headers (Set-Cookie after login/logout). */
  headers: Headers;
};

type RouteOptions<Schema extends z.ZodType | undefined, IsPublic extends boolean> = {
  /** Role needed besides a valid session (admin passes every role); a list: any one of them. */
  role?: Role | readonly Role[];
  isPublic?: IsPublic;
  input?: Schema;
  handler: (
    context: HandlerContext<
      Schema extends z.ZodType ? z.infer<Schema> : undefined,
      IsPublic extends true ? null : AuthSession
    >,
  ) => Promise<unknown>;
};

const readInput = async (request: Request) => {
  const type = request.headers.get('content-type') ?? '';
  if (request.method !== 'GET' && request.method !== 'HEAD' && type.includes('application/json')) {
    const text = await request.text();
    if (text.length > MAX_JSON_BYTES)
      throw new AppError({ code: ErrorCode.tooLarge, message: '请求内容过大' });
    if (!text.trim()) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AppError({ code: ErrorCode.badRequest, message: '请求格式不正确' });
    }
  }
  const params = Object.fromEntries(new URL(request.url).searchParams);
  delete params.token;
  return params;
};

const toResponse = (error: unknown) => {
  if (error instanceof AppError)
    return envelope({ code: error.code, status: error.status, message: error.message, data: error.data });
  if (error instanceof ZodError) {
    return envelope({
      code: ErrorCode.badRequest,
      status: 400,
      message: error.issues[0]?.message || '参数错误',
      data: null,
    });
  }
  // A unique constraint lost to a concurrent writer: the same answer as the service's own check.
  if ((error as { code?: string } | null)?.code === 'P2002') {
    return envelope({
      code: ErrorCode.badRequest,
      status: 400,
      message: '数据重复，请刷新后重试',
      data: null,
    });
  }
  logger.error({ err: error }, 'manage API failed');
  return envelope({ ...INTERNAL_ERROR, status: 500 });
};

/** Declares a manage API route: session and role check, zod input, envelope and error mapping. */
export const manageRoute =
  <Schema extends z.ZodType | undefined = undefined, IsPublic extends boolean = false>(
    options: RouteOptions<Schema, IsPublic>,
  ) =>
  async (request: Request) => {
    try {
      const session = options.isPublic ? null : await authenticate({ token: tokenFrom(request) });
      if (
        session &&
        !hasAnyRole({ roles: session.user.roles, required: options.role ? [options.role].flat() : [] })
      ) {
        throw new AppError({ code: ErrorCode.forbidden, message: '没有权限执行此操作' });
      }
      const input = options.input ? options.input.parse(await readInput(request)) : undefined;
      const headers = new Headers();
      const result = await options.handler({
        input: input as never,
        session: session as never,
        request,
        ip: clientIp(request),
        userAgent: request.headers.get('user-agent') ?? '',
        headers,
      });
      // A handler may answer a whole Response (file downloads); it is passed through untouched.
      if (result instanceof Response) return result;
      const { data, message } = result instanceof Reply ? result : { data: result, message: undefined };
      return envelope({ data: data ?? null, message, headers });
    } catch (error) {
      return toResponse(error);
    }
  };
