import http from 'node:http';
import net from 'node:net';

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
    // One chunk per turn of the event loop: a server that reads as fast as we write (it discards a
    // refused body's rest: server/serve-api.js) would otherwise keep every write accepted and the
    // loop below would never let the answer in before all of `total` was written.
    const pump = () => {
      if (answered) return;
      if (written >= total) return void (hold || request.end());
      written += chunk.length;
      if (request.write(chunk)) setImmediate(pump);
      else request.once('drain', pump);
    };
    pump();
  });

export type Lingered = {
  /** The answer's status line and body, as read off the socket. */
  status: number;
  body: unknown;
  /** How much of the body we wrote before the socket failed or we were done. */
  written: number;
  /** A write that failed (EPIPE, ECONNRESET): the server dropped the connection under us. */
  writeError?: string;
  /** The server ended the connection in order (FIN after the answer), not by a reset. */
  isEndedInOrder: boolean;
};

/**
 * A client that goes on sending after the answer has come: headers and a first chunk, then — once
 * the whole answer is here and the server has had time to close — the rest of `total` bytes, one
 * 64 KiB chunk at a time, each write awaited (chunked when `isChunked`, a Content-Length otherwise).
 */
export const sendOnAfterAnswer = ({
  port,
  path,
  headers,
  head = Buffer.alloc(0),
  total,
  isChunked = false,
}: {
  port: number;
  path: string;
  headers: Record<string, string>;
  head?: Buffer;
  total: number;
  isChunked?: boolean;
}) =>
  new Promise<Lingered>((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = Buffer.alloc(0);
    let written = 0;
    let writeError: string | undefined;
    let isEnded = false;
    let answerSeen: () => void = () => {};
    const answered = new Promise<void>((done) => (answerSeen = done));
    const parse = () => {
      const text = received.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return null;
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, split))?.[1] ?? -1);
      const body = received.subarray(Buffer.byteLength(text.slice(0, split + 4)));
      if (length < 0 || body.length < length) return null;
      return {
        status: Number(text.slice(9, 12)),
        body: JSON.parse(body.subarray(0, length).toString('utf8')),
      };
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (parse()) answerSeen();
    });
    socket.on('end', () => (isEnded = true));
    socket.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error.code ?? error.message));
    const write = (data: Buffer) =>
      new Promise<boolean>((done) => {
        if (socket.destroyed) return done(false);
        socket.write(data, (error) => {
          if (error) writeError ??= (error as NodeJS.ErrnoException).code ?? error.message;
          done(!error);
        });
      });
    const frame = (data: Buffer) =>
      isChunked
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
        : data;
    socket.once('connect', async () => {
      try {
        const lines = [
          `POST ${path} HTTP/1.1`,
          'Host: 127.0.0.1',
          ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
          isChunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${total}`,
        ];
        await write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`));
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const first = Buffer.concat([head, chunk]).subarray(0, Math.min(total, head.length + chunk.length));
        written = first.length;
        await write(frame(first));
        // Chunked: what the server reads before it answers comes first, as from a streaming client.
        while (isChunked && !parse() && written < total && (await write(frame(chunk))))
          written += chunk.length;
        await answered;
        // Without lingering the server has closed by now: whatever we send next meets a reset.
        await new Promise((done) => setTimeout(done, 150));
        while (written < total) {
          const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
          if (!(await write(frame(piece)))) break;
          written += piece.length;
        }
        if (isChunked && written >= total) await write(Buffer.from('0\r\n\r\n'));
        // The server ends the connection once it has read the body (or given up on it).
        for (let i = 0; i < 250 && !isEnded && !socket.destroyed; i += 1) {
          await new Promise((done) => setTimeout(done, 20));
        }
        socket.destroy();
        const answer = parse();
        if (!answer) return reject(new Error('no answer'));
        resolve({ ...answer, written, writeError, isEndedInOrder: isEnded && !writeError });
      } catch (error) {
        reject(error);
      }
    });
  });
