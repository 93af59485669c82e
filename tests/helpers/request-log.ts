import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';

// The production server's own pieces (CommonJS modules server/server.mjs loads alike).
const load = createRequire(__filename);
const { createLogger, createRequestLog } = load('../../server/request-log.js') as {
  createLogger: (options: { destination: Writable; level: string }) => Logger;
  createRequestLog: (options: { logger: Logger; hops?: number }) => unknown;
};
const { createListener } = load('../../server/serve-api.js') as {
  createListener: (options: {
    requestLog: unknown;
    logger: Logger;
    handlerFor: (req: http.IncomingMessage) => Handler | null;
    fallback: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  }) => http.RequestListener;
};

type Handler = (request: Request) => Promise<Response>;
export type LogLine = Record<string, unknown> & { msg: string; level: number };

/** A real pino logger (the server's options) whose lines are kept, parsed, instead of printed. */
export const capturedLogger = () => {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ destination, level: 'info' }), lines };
};

/**
 * server/server.mjs's request listener on a loopback port: `routes` by exact path are called as the
 * server calls compiled route handlers, anything else answers a small page (as Next would).
 */
export const startDispatch = async ({
  routes,
  hops = 0,
  captured = capturedLogger(),
}: {
  routes: Record<string, Handler>;
  hops?: number;
  captured?: ReturnType<typeof capturedLogger>;
}) => {
  const { logger, lines } = captured;
  const requestLog = createRequestLog({ logger, hops });
  const server = http.createServer(
    createListener({
      requestLog,
      logger,
      handlerFor: (req) => routes[(req.url ?? '/').split('?')[0]] ?? null,
      fallback: (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>页面</p>'),
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    lines,
    /** The request line of the answer with this id (written when the answer closes). */
    requestLine: async (reqId: string | null) => {
      for (let i = 0; i < 100; i += 1) {
        const line = lines.find((entry) => entry.msg === 'request' && entry.reqId === reqId);
        if (line) return line;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no request line for ${reqId}`);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
