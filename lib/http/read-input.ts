import 'server-only';
import { AppError, ErrorCode } from './app-error';
import { assertCleanInput } from './input-guard';
import { isJsonBody, REQUEST_BODY } from './server-handoff.js';

/** The largest JSON body a manage call takes, in bytes. */
export const MAX_JSON_BYTES = 5 * 1024 * 1024;

const tooLarge = () =>
  new AppError({
    code: ErrorCode.tooLarge,
    message: `请求内容过大（最多 ${MAX_JSON_BYTES / 1024 / 1024} MB）`,
  });
const badRequest = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

/**
 * How server/serve-api.js hands over a JSON body it dispatched itself (under REQUEST_BODY): a
 * reader of node's stream that resolves the bytes, or null once they pass the limit (the rest left
 * unread). Requests made anywhere else (Next, tests) carry their body as the web stream.
 */
type NodeBodyReader = (limit: number) => Promise<Uint8Array | null>;

const incomplete = () => badRequest('请求内容不完整，请重试');

/**
 * The body's bytes, up to `limit`. A declared Content-Length over the limit is refused before a
 * byte is read; without one (chunked), reading stops at the first chunk past the limit. The rest
 * is never read: the stream is left alone, not cancelled (cancelling a request body makes Next
 * throw ERR_INVALID_STATE), and the 413 answer closes the connection (manageRoute).
 */
const readBodyBytes = async (request: Request, limit: number) => {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  const readNode = (request as Request & { [REQUEST_BODY]?: NodeBodyReader })[REQUEST_BODY];
  if (readNode) {
    const bytes = await readNode(limit).catch(() => {
      throw incomplete();
    });
    if (bytes === null) throw tooLarge();
    return bytes;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        throw incomplete();
      });
      if (done) break;
      total += value.byteLength;
      if (total > limit) throw tooLarge();
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, total);
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A manage call's input: the JSON body (5 MB at most, counted in bytes), or the query string for
 * GET and for calls without a JSON body (without `token`, which is not input). Either way it has
 * passed the edge rule (input-guard.ts: no NUL, no lone surrogate, bounded depth) before a schema
 * sees it.
 */
export const readInput = async (request: Request): Promise<unknown> => {
  if (isJsonBody(request.method, request.headers.get('content-type'))) {
    const bytes = await readBodyBytes(request, MAX_JSON_BYTES);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw badRequest('请求内容不是有效的 UTF-8 文字');
    }
    if (!text.trim()) return {};
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch {
      throw badRequest('请求格式不正确');
    }
    assertCleanInput(input);
    return input;
  }
  const params = Object.fromEntries(new URL(request.url).searchParams);
  delete params.token;
  assertCleanInput(params);
  return params;
};
