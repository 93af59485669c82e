import 'server-only';
import fs from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parseByteRange } from './byte-range';
import { CACHE_IMMUTABLE, dispositionFor, mimeForExt } from './content-type';
import { extOfStoredName } from './keys';
import { localPathFor } from './local-driver';

const plain = ({
  status,
  text,
  headers = {},
}: {
  status: number;
  text: string;
  headers?: Record<string, string>;
}) =>
  new Response(text, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });

const statFile = async (filePath: string) => {
  try {
    const info = await stat(/*turbopackIgnore: true*/ filePath);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
};

/** Answers GET/HEAD /uploads/<key> for the local driver with headers that keep uploads inert. */
export const serveLocalFile = async ({ request, segments }: { request: Request; segments: string[] }) => {
  const key = segments.join('/');
  const filePath = localPathFor({ key });
  const info = filePath ? await statFile(filePath) : null;
  if (!filePath || !info) return plain({ status: 404, text: '文件不存在' });

  const name = segments[segments.length - 1];
  const ext = extOfStoredName({ name });
  const headers: Record<string, string> = {
    'Content-Type': mimeForExt({ ext }),
    'Content-Disposition': dispositionFor({ name, ext }),
    'X-Content-Type-Options': 'nosniff',
    // Even if a browser is talked into rendering one of these, it gets no script and no origin.
    'Content-Security-Policy':
      "default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    'Cache-Control': CACHE_IMMUTABLE,
    'Accept-Ranges': 'bytes',
    'Last-Modified': info.mtime.toUTCString(),
  };
  const range = parseByteRange({ header: request.headers.get('range'), size: info.size });
  if (range === 'unsatisfiable')
    return plain({
      status: 416,
      text: '请求的范围无效',
      headers: { 'Content-Range': `bytes */${info.size}` },
    });

  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  headers['Content-Length'] = String(Math.max(0, end - start + 1));
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${info.size}`;
  const isEmpty = request.method === 'HEAD' || info.size === 0;
  const body = isEmpty
    ? null
    : (Readable.toWeb(
        fs.createReadStream(/*turbopackIgnore: true*/ filePath, { start, end }),
      ) as ReadableStream);
  return new Response(body, { status: range ? 206 : 200, headers });
};
