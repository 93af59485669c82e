import type { Envelope } from '@/lib/http/envelope';
import { getToken } from '@/lib/client/cookie-store';
import { openReloginDialog } from '@/lib/client/relogin-store';
import { showToast, TOAST_MS } from '@/lib/client/toast';

export const API_BASE = '/api/v1/manage';
/** The session is gone (invalid token, ended elsewhere, expired): offer to sign in again. */
export const SESSION_END_CODES: ReadonlySet<number> = new Set([50008, 50012, 50014]);
/** `code` of an ApiError raised before any answer arrived (offline, refused, timed out). */
export const NETWORK_ERROR_CODE = 0;

const DEFAULT_TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor({ code, message, data = null }: { code: number; message: string; data?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  /** Path under /api/v1/manage, e.g. '/login/info'. */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  /** The caller reports failures itself: no toast, no re-login dialog. */
  isQuiet?: boolean;
  /** Refusal codes the caller shows in its own way (a save's 敏感词 hits): no toast for these. */
  ownCodes?: ReadonlySet<number>;
  timeoutMs?: number;
};

export type ApiResult<T> = { data: T; message: string };

const buildUrl = ({ path, query }: Pick<ApiRequestOptions, 'path' | 'query'>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
};

const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';

/**
 * The answer's envelope. A body that is not one (a proxy's error page, a cut JSON) answers the
 * status as its code, and never 200: only an envelope says a call succeeded. A body that could not
 * be read at all (the connection dropped, or the page is unloading mid-answer) throws, like a
 * request that got no answer: it says nothing about the call (apiRequest reports it as a network
 * failure). Before this, an unreadable 200 passed as success with no data, and the admin guard
 * took login/info's missing roles for a refusal and signed the browser out.
 */
const readEnvelope = async ({ response }: { response: Response }): Promise<Envelope<unknown>> => {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: answered below as a bad answer.
  }
  if (isEnvelope(body)) return body;
  const code = response.ok ? 500 : response.status || 500;
  return { code, message: `服务器响应异常（HTTP ${response.status}）`, data: null };
};

// The login page's calls are all quiet: it has no toast host and never loads notistack.
const toast = ({ message, variant }: { message: string; variant: 'error' | 'success' }) =>
  showToast(message, { variant, autoHideDuration: TOAST_MS });

const report = ({ error, isQuiet }: { error: ApiError; isQuiet?: boolean }) => {
  if (isQuiet) return;
  toast({ message: error.message || 'Error', variant: 'error' });
  if (SESSION_END_CODES.has(error.code)) openReloginDialog();
};

const networkError = ({ error }: { error: unknown }) => {
  const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiError({
    code: NETWORK_ERROR_CODE,
    message: isTimeout ? '请求超时，请稍后重试' : `网络异常：${detail}`,
  });
};

/** The one way the browser talks to the manage API: X-Token, JSON, envelope unwrapped, failures shown. */
export const apiRequest = async <T>({
  path,
  method = 'GET',
  query,
  body,
  isQuiet,
  ownCodes,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: ApiRequestOptions): Promise<ApiResult<T>> => {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('X-Token', token);
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');

  // No answer, or one whose body could not be read: a network failure, which says nothing about the call.
  let envelope: Envelope<unknown>;
  try {
    const response = await fetch(buildUrl({ path, query }), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    envelope = await readEnvelope({ response });
  } catch (error) {
    const failure = networkError({ error });
    report({ error: failure, isQuiet });
    throw failure;
  }
  if (envelope.code !== 200) {
    const failure = new ApiError({
      code: envelope.code,
      message: envelope.message || 'Error',
      data: envelope.data,
    });
    report({ error: failure, isQuiet: isQuiet || ownCodes?.has(failure.code) });
    throw failure;
  }
  return { data: envelope.data as T, message: envelope.message };
};

export const apiGet = async <T>(options: Omit<ApiRequestOptions, 'method' | 'body'>) =>
  (await apiRequest<T>({ ...options, method: 'GET' })).data;

export const apiPost = async <T>(options: Omit<ApiRequestOptions, 'method'>) =>
  (await apiRequest<T>({ ...options, method: 'POST' })).data;

/** Shows a call's success message (the server's `message`), for actions the user should see confirmed. */
export const showSuccessMessage = ({ message }: { message: string }) =>
  toast({ message: message || '操作成功', variant: 'success' });
