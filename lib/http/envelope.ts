import { ENVELOPE_TEXT } from './server-handoff.js';

export type Envelope<T> = { code: number; message: string; data: T };

// server/serve-api.js sends an answer's JSON text from here (ENVELOPE_TEXT) instead of reading the
// Response's body stream back (which costs more than writing it: docs/BENCHMARKS.md → Content list).

export const envelope = <T>({
  data,
  message = '操作成功',
  code = 200,
  status = 200,
  headers,
}: {
  data: T;
  message?: string;
  code?: number;
  status?: number;
  headers?: HeadersInit;
}) => {
  const responseHeaders = new Headers(headers);
  responseHeaders.set('Cache-Control', 'no-store');
  if (!responseHeaders.has('Content-Type')) responseHeaders.set('Content-Type', 'application/json');
  const text = JSON.stringify({ code, message, data } satisfies Envelope<T>);
  const response = new Response(text, { status, headers: responseHeaders });
  Object.defineProperty(response, ENVELOPE_TEXT, { value: text });
  return response;
};
