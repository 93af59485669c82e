// `?token=` is read by login/info only (the spec's client calls it so). Every other manage route,
// found by walking app/api/v1/manage so a new route cannot be forgotten, ignores a token in the URL:
// a link or an <img> must not carry a whole signed-in request, least of all a write or a sign-out.
import fs from 'node:fs';
import path from 'node:path';
import { GET as infoRoute } from '@/app/api/v1/manage/login/info/route';
import { call } from '../helpers/api';
import { signedIn } from '../helpers/users';

const API_DIR = path.join(process.cwd(), 'app/api/v1/manage');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Handler = (request: Request) => Promise<Response>;

/** Routes that answer without a session, and what they answer to a token in the URL alone. */
const PUBLIC: Record<string, number> = {
  '[...rest]': 404,
  'login/login': 400, // no credentials in the body
  'login/login_two_factor': 400, // no ticket in the body
  'login/logout': 200, // idempotent; checked below to end nothing
  'login/info': 200, // the one route that reads ?token=
};

const routeFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [path.relative(API_DIR, dir)] : [];
  });

const routes = routeFiles(API_DIR).sort();

describe('a token in the query string', () => {
  let token: string;
  beforeAll(async () => {
    token = (await signedIn({ roles: ['admin'] })).token;
  });

  it('finds every manage route', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContain('news_manage/save_news_info');
  });

  it.each(routes)('is ignored by %s (except login/info)', async (route) => {
    const handlers = (await import(`@/app/api/v1/manage/${route}/route`)) as Partial<Record<string, Handler>>;
    const methods = METHODS.filter((method) => handlers[method]);
    expect(methods.length).toBeGreaterThan(0);
    for (const method of methods) {
      const result = await call(handlers[method]!, {
        method,
        path: `/api/v1/manage/${route}`,
        query: { token, id: '1', class_id: '1' },
        body: method === 'GET' ? undefined : {},
      });
      expect({ method, code: result.body.code }).toEqual({ method, code: PUBLIC[route] ?? 50008 });
    }
    // Nothing signed the session out (login/logout included).
    expect((await call(infoRoute, { token })).body.code).toBe(200);
  });

  it('still works in the header everywhere, and a sign-out by URL ends nothing', async () => {
    const { POST: logoutRoute } = await import('@/app/api/v1/manage/login/logout/route');
    await call(logoutRoute, { method: 'POST', query: { token }, body: {} });
    expect((await call(infoRoute, { token })).body.code).toBe(200);
    expect((await call(infoRoute, { query: { token } })).body.code).toBe(200);
    await call(logoutRoute, { method: 'POST', token, body: {} });
    expect((await call(infoRoute, { token })).body.code).toBe(50008);
  });
});
