type Handler = (request: Request) => Promise<Response>;

type CallOptions = {
  method?: string;
  path?: string;
  body?: unknown;
  query?: Record<string, string>;
  token?: string | null;
  ip?: string;
  headers?: Record<string, string>;
};

export type ApiResult<T = unknown> = {
  status: number;
  body: { code: number; message: string; data: T };
  headers: Headers;
};

/** Calls an exported route handler with a real Request, as Next does, and reads the envelope. */
export const call = async <T = unknown>(
  handler: Handler,
  options: CallOptions = {},
): Promise<ApiResult<T>> => {
  const {
    method = 'GET',
    path = '/api/v1/manage/test',
    body,
    query,
    token,
    ip = '127.0.0.1',
    headers = {},
  } = options;
  const url = new URL(`http://127.0.0.1:3000${path}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  const requestHeaders: Record<string, string> = { 'x-forwarded-for': ip, 'user-agent': 'jest', ...headers };
  if (token) requestHeaders['x-token'] = token;
  if (body !== undefined) requestHeaders['content-type'] = 'application/json';
  const response = await handler(
    new Request(url, {
      method,
      headers: requestHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: await response.json(), headers: response.headers };
};
