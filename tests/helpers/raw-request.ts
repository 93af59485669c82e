import http from 'node:http';

export type RawAnswer = {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** Bytes of `total` written before the answer came. */
  written: number;
  /** The server closed while we were still writing, before any answer reached us. */
  isReset?: boolean;
};

/**
 * A request sent by hand over node:http: the path as given (no URL normalisation), and either
 * `body`, or `total` bytes of spaces written in 64 KiB chunks until the answer comes (left
 * unfinished with `hold`, so only a declared length can explain an early answer).
 */
export const rawRequest = ({
  port,
  method = 'GET',
  path,
  headers = {},
  body,
  total = 0,
  hold = false,
}: {
  port: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  total?: number;
  hold?: boolean;
}) =>
  new Promise<RawAnswer>((resolve, reject) => {
    let written = 0;
    let answered = false;
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: response.headers,
          written,
        });
        request.destroy();
      });
    });
    // A refused body is not read to its end: the server closes the connection, which may reset
    // our writing. Only a failure before any answer counts.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
        resolve({ status: 0, body: '', headers: {}, written, isReset: true });
      } else reject(error);
    });
    if (body !== undefined) return void request.end(body);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!answered && written < total) {
        written += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!answered && !hold) request.end();
    };
    pump();
  });
