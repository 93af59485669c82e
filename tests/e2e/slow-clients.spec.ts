import net from 'node:net';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';

// Slow clients against the built server (server/server.mjs with server/http-timeouts.js): 1,000
// connections opened and left idle, and a slowloris client sending its headers a line a second.
// Others are answered promptly all the while, and the server cuts the slow ones off once the
// header timeout has passed (408), not a minute or more later (Node's defaults: 60 s, checked every
// 30 s).

const { HEADERS_TIMEOUT_MS, CHECK_INTERVAL_MS } = createRequire(__filename)(
  '../../server/http-timeouts.js',
) as {
  HEADERS_TIMEOUT_MS: number;
  CHECK_INTERVAL_MS: number;
};
const port = Number(process.env.E2E_PORT || 3210);
const IDLE = 1_000;
// What a busy machine adds to the server's own bound.
const SLACK_MS = 6_000;

type Watched = { socket: net.Socket; closedAfter?: number; answer: string };

const watch = (started: number): Watched => {
  const socket = net.connect(port, '127.0.0.1');
  const watched: Watched = { socket, answer: '' };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (watched.answer += chunk));
  socket.on('error', () => {});
  socket.on('close', () => (watched.closedAfter = Date.now() - started));
  return watched;
};

test.describe('慢客户端（真实 HTTP）', () => {
  test('1000 个空闲连接和逐行发请求头的 slowloris：其他请求照常应答，慢连接在请求头超时后被断开', async () => {
    test.setTimeout(120_000);
    const started = Date.now();
    const idle = Array.from({ length: IDLE }, () => watch(started));
    await Promise.all(
      idle.map(
        ({ socket }) =>
          new Promise<void>((resolve) => socket.once('connect', resolve).once('error', resolve)),
      ),
    );
    const slow = watch(started);
    slow.socket.write('GET /api/v1/manage/login/info HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let line = 0;
    const trickle = setInterval(() => {
      if (!slow.socket.destroyed) slow.socket.write(`X-Slow-${(line += 1)}: a\r\n`);
    }, 1_000);

    // Meanwhile another client's calls, one after another, each answered promptly.
    const latencies: number[] = [];
    try {
      while (
        slow.closedAfter === undefined &&
        Date.now() - started < HEADERS_TIMEOUT_MS + CHECK_INTERVAL_MS + SLACK_MS
      ) {
        const sent = Date.now();
        const answer = await fetch(`http://127.0.0.1:${port}/api/v1/manage/login/info`);
        expect((await answer.json()).code).toBe(50008);
        latencies.push(Date.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      clearInterval(trickle);
    }

    expect(slow.closedAfter, 'slowloris 连接应被服务器断开').toBeDefined();
    expect(slow.closedAfter).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 1_000);
    expect(slow.closedAfter).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + CHECK_INTERVAL_MS + SLACK_MS);
    expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(line).toBeGreaterThan(10);
    // Every idle connection is closed by the same bound.
    await expect
      .poll(() => idle.filter((watched) => watched.closedAfter === undefined).length, { timeout: SLACK_MS })
      .toBe(0);
    expect(Math.max(...idle.map((watched) => watched.closedAfter ?? Infinity))).toBeLessThanOrEqual(
      HEADERS_TIMEOUT_MS + CHECK_INTERVAL_MS + 2 * SLACK_MS,
    );
    expect(latencies.length).toBeGreaterThan(20);
    // Prompt while 1,001 sockets are held (well under a second on an idle machine).
    expect(Math.max(...latencies)).toBeLessThan(3_000);
    console.log(
      `[slow-clients] slowloris closed after ${slow.closedAfter} ms; ${latencies.length} calls, ` +
        `slowest ${Math.max(...latencies)} ms, median ${latencies.sort((a, b) => a - b)[latencies.length >> 1]} ms`,
    );
  });
});
