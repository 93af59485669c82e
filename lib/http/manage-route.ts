import 'server-only';
import { z, ZodError } from '@/lib/validation/z';
import { runAsActor } from '@/lib/audit/actor';
import { authenticate, type AuthSession } from '@/lib/auth/session';
import { hasAnyRole, type Role } from '@/lib/auth/roles';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { isTwoFactorRequired, TWO_FACTOR_REQUIRED_MESSAGE } from '@/lib/auth/two-factor/policy';
import { logger } from '@/lib/logger';
import { AppError, ErrorCode } from './app-error';
import { envelope } from './envelope';
// The 500 body, shared with server/server.mjs (which answers it when a handler cannot run).
import INTERNAL_ERROR from './internal-error.json';
import { requestContextOf, requestIdOf } from './request-context';
import { readInput } from './read-input';
import { clientIp, tokenFrom } from './request-info';

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
  /**
   * Also take the token from `?token=` (the spec's login/info only). Every other route reads the
   * X-Token header alone, so no state-changing request fits in a link.
   */
  isTokenQueryAllowed?: boolean;
  /**
   * Open to a user whom 系统设置 requires to use two-factor and who has not set it up yet (their
   * own profile, sessions, password and the two-factor setup). Every other route answers 403.
   */
  isOpenBeforeTwoFactor?: boolean;
  input?: Schema;
  handler: (
    context: HandlerContext<
      Schema extends z.ZodType ? z.infer<Schema> : undefined,
      IsPublic extends true ? null : AuthSession
    >,
  ) => Promise<unknown>;
};

/** Prisma's P2028 for a transaction that could not start in time or ran past its time limit. */
const isTransactionTimeout = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'P2028' &&
    typeof message === 'string' &&
    /Unable to start a transaction in the given time|on an expired transaction/.test(message)
  );
};

const toResponse = (error: unknown, request: Request) => {
  if (error instanceof AppError) {
    return envelope({
      code: error.code,
      status: error.status,
      message: error.message,
      data: error.data,
      // A refused body may be partly unread: the connection is not reused with it.
      headers: error.status === 413 ? { Connection: 'close' } : undefined,
    });
  }
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
  // A transaction that waited past its limits (lib/db/client.ts: 10 s for a connection, 15 s in
  // all) behind other writers: rolled back, nothing written. The machine is busy, not broken: a
  // retryable answer in words, logged as a warning. Only those two: P2028 also names a transaction
  // used after its commit, a bug whose writes stand, which stays a 500.
  // The database could not be reached or dropped the connection (restarting, failing over): the
  // same retryable answer; the pool opens new connections once it is back.
  const isTimeout = isTransactionTimeout(error);
  if (isTimeout || isDatabaseUnavailable(error)) {
    logger.warn(
      { err: error, reqId: requestIdOf(request) },
      isTimeout ? 'manage API transaction timed out' : 'manage API: database unavailable',
    );
    return envelope({
      code: 503,
      status: 503,
      message: '服务器繁忙，请稍后重试',
      data: null,
      headers: { 'Retry-After': '5' },
    });
  }
  // The stack only in the log, under the id the answer's X-Request-Id header carries.
  logger.error({ err: error, reqId: requestIdOf(request) }, 'manage API failed');
  return envelope({ ...INTERNAL_ERROR, status: 500 });
};

/** Who may call a route, as declared: the authorization matrix test reads it from every route. */
export type RouteAccess = { isPublic: boolean; roles: readonly Role[] };
export type ManageHandler = ((request: Request) => Promise<Response>) & { access: RouteAccess };

/** Declares a manage API route: session and role check, zod input, envelope and error mapping. */
export const manageRoute = <
  Schema extends z.ZodType | undefined = undefined,
  IsPublic extends boolean = false,
>(
  options: RouteOptions<Schema, IsPublic>,
): ManageHandler => {
  const access: RouteAccess = {
    isPublic: Boolean(options.isPublic),
    roles: options.role ? [options.role].flat() : [],
  };
  const handle = async (request: Request) => {
    try {
      const session = options.isPublic
        ? null
        : await authenticate({ token: tokenFrom(request, { isQueryAllowed: options.isTokenQueryAllowed }) });
      // For the request's log line (server/request-log.js), refused or not from here on.
      const context = requestContextOf(request);
      if (session && context) context.userId = session.user.id;
      if (session && !hasAnyRole({ roles: session.user.roles, required: access.roles })) {
        throw new AppError({ code: ErrorCode.forbidden, message: '没有权限执行此操作' });
      }
      if (
        session &&
        !options.isOpenBeforeTwoFactor &&
        !session.user.hasTwoFactor &&
        (await isTwoFactorRequired({ roles: session.user.roles }))
      ) {
        throw new AppError({ code: ErrorCode.forbidden, message: TWO_FACTOR_REQUIRED_MESSAGE });
      }
      const input = options.input ? options.input.parse(await readInput(request)) : undefined;
      const headers = new Headers();
      const ip = clientIp(request);
      // Who and from where, for the 操作日志 entries the services write (lib/audit/record.ts).
      const actor = {
        userId: session?.user.id ?? null,
        username: session?.user.username ?? '',
        name: session?.user.name ?? '',
        ip,
      };
      const result = await runAsActor(actor, () =>
        options.handler({
          input: input as never,
          session: session as never,
          request,
          ip,
          userAgent: request.headers.get('user-agent') ?? '',
          headers,
        }),
      );
      // A handler may answer a whole Response (file downloads); it is passed through untouched.
      if (result instanceof Response) return result;
      const { data, message } = result instanceof Reply ? result : { data: result, message: undefined };
      return envelope({ data: data ?? null, message, headers });
    } catch (error) {
      return toResponse(error, request);
    }
  };
  return Object.assign(handle, { access });
};
