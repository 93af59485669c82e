import type { ManageRouteEntry } from './route-table';

export type RouteCall = {
  token?: string | null;
  /** GET: the query string; otherwise the JSON body. */
  input?: Record<string, unknown>;
  /** A body sent as it is (broken JSON, deep nesting, bytes that are not UTF-8), instead of `input`. */
  rawBody?: string | Uint8Array;
  /** Query parameters sent as they are, whatever the method. */
  query?: Record<string, string>;
  ip?: string;
  /** Content-Type of a body (application/json unless said otherwise). */
  contentType?: string;
};

export type RouteAnswer = {
  status: number;
  headers: Headers;
  /** The body as text when it is JSON; null for a download. */
  text: string | null;
  json: { code?: unknown; message?: unknown; data?: unknown } | null;
  /** A download whose body ended in an error (a cut file). */
  isCut?: boolean;
};

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Calls a route of the route table with a real Request, as Next does, and reads whatever it answers. */
export const callRoute = async (route: ManageRouteEntry, options: RouteCall = {}): Promise<RouteAnswer> => {
  const {
    token,
    input = {},
    rawBody,
    query = {},
    ip = '127.0.0.1',
    contentType = 'application/json',
  } = options;
  const url = new URL(`http://127.0.0.1:3000${route.path}`);
  const isGet = route.method === 'GET';
  if (isGet && rawBody === undefined) {
    for (const [key, value] of Object.entries(input)) url.searchParams.set(key, asText(value));
  }
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const headers: Record<string, string> = { 'x-forwarded-for': ip, 'user-agent': 'jest' };
  if (token) headers['x-token'] = token;
  const body: BodyInit | undefined = isGet
    ? undefined
    : ((rawBody as BodyInit | undefined) ?? JSON.stringify(input));
  if (body !== undefined) headers['content-type'] = contentType;
  const response = await route.handler(new Request(url, { method: route.method, headers, body }));
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  if (!isJson) {
    const isCut = await response.arrayBuffer().then(
      () => false,
      () => true,
    );
    return { status: response.status, headers: response.headers, text: null, json: null, isCut };
  }
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) };
};
