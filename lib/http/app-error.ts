/**
 * Codes the client understands: 200 success; 50008/50012/50014 the session is gone (the browser
 * shows the message and offers to sign in again); 60204 wrong credentials; others show their message.
 */
export const ErrorCode = {
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  tooLarge: 413,
  unsupportedType: 415,
  tooManyRequests: 429,
  server: 500,
  tokenInvalid: 50008,
  sessionEnded: 50012,
  tokenExpired: 50014,
  wrongCredentials: 60204,
  /** The password was right and the account signs in with two-factor: send a code with the ticket. */
  twoFactorRequired: 60206,
  /** A save with a 敏感词 of level block (HTTP 400; data.hits): lib/sensitive/. */
  sensitiveBlocked: 40010,
  /** A save with 敏感词 of level warn, not confirmed by sensitive_confirmed: 1 (HTTP 400; data.hits). */
  sensitiveWarn: 40011,
} as const;

const STATUS_BY_CODE: Record<number, number> = {
  [ErrorCode.tokenInvalid]: 401,
  [ErrorCode.sessionEnded]: 401,
  [ErrorCode.tokenExpired]: 401,
  [ErrorCode.wrongCredentials]: 401,
  [ErrorCode.twoFactorRequired]: 401,
  [ErrorCode.sensitiveBlocked]: 400,
  [ErrorCode.sensitiveWarn]: 400,
};

/** A failure whose message is fit to show the user (Chinese); anything else becomes a 500. */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor({
    code,
    message,
    status,
    data = null,
  }: {
    code: number;
    message: string;
    status?: number;
    data?: unknown;
  }) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status ?? STATUS_BY_CODE[code] ?? (code >= 400 && code < 600 ? code : 400);
    this.data = data;
  }
}
