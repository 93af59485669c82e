import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

// server/server.mjs's direct-call table (a CommonJS module it and this suite load alike).
type Route = { file: string; handlers: unknown };
const { readApiTable, apiHandlerFor } = createRequire(__filename)('../../server/api-routes.js') as {
  readApiTable: (distDir: string) => Map<string, Route>;
  apiHandlerFor: (input: { table: Map<string, Route>; url: string; method: string }) => unknown;
};

/** A build folder with the manifest and one compiled route module per entry (its source given). */
const fakeBuild = (routes: Record<string, string>) => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-routes-'));
  const manifest: Record<string, string> = {};
  for (const [pathname, source] of Object.entries(routes)) {
    const entry = `${pathname}/route`;
    manifest[entry] = pathname;
    const file = path.join(distDir, 'server', 'app', `${entry}.js`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, source);
  }
  fs.writeFileSync(path.join(distDir, 'app-path-routes-manifest.json'), JSON.stringify(manifest));
  return distDir;
};

describe('the production server’s direct API calls', () => {
  let logged: jest.SpyInstance[];
  beforeEach(() => {
    logged = [
      jest.spyOn(console, 'error').mockImplementation(),
      jest.spyOn(console, 'warn').mockImplementation(),
    ];
  });
  afterEach(() => logged.forEach((spy) => spy.mockRestore()));

  it('calls a route module’s exported method handler, and leaves other methods and paths to Next', () => {
    const table = readApiTable(
      fakeBuild({
        '/api/v1/manage/a/ok': 'exports.routeModule = { userland: { GET: () => "served" } };',
        '/api/v1/manage/[...rest]': 'throw new Error("never loaded")',
      }),
    );
    expect(table.size).toBe(1);
    const handler = apiHandlerFor({ table, url: '/api/v1/manage/a/ok?x=1', method: 'GET' });
    expect((handler as () => string)()).toBe('served');
    expect(apiHandlerFor({ table, url: '/api/v1/manage/a/ok', method: 'POST' })).toBeNull();
    expect(apiHandlerFor({ table, url: '/api/v1/manage/a/none', method: 'GET' })).toBeNull();
    expect(apiHandlerFor({ table, url: '/login', method: 'GET' })).toBeNull();
  });

  it('leaves a route whose module throws while loading to Next instead of throwing, and logs it once', () => {
    const table = readApiTable(
      fakeBuild({ '/api/v1/manage/a/broken': 'throw new Error("module init failed");' }),
    );
    const ask = () => apiHandlerFor({ table, url: '/api/v1/manage/a/broken', method: 'GET' });
    expect(ask).not.toThrow();
    expect(ask()).toBeNull();
    expect(logged[0]).toHaveBeenCalledTimes(1);
    expect(String(logged[0].mock.calls[0][0])).toContain('加载失败，交给 Next 处理');
  });

  it('leaves a module that is not shaped as a route module to Next', () => {
    const table = readApiTable(fakeBuild({ '/api/v1/manage/a/odd': 'exports.something = 1;' }));
    expect(apiHandlerFor({ table, url: '/api/v1/manage/a/odd', method: 'GET' })).toBeNull();
    expect(logged[1]).toHaveBeenCalledTimes(1);
  });
});
