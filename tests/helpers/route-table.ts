import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ManageHandler } from '@/lib/http/manage-route';

const ROOT = path.join(__dirname, '..', '..');
const MANAGE_DIR = path.join(ROOT, 'app', 'api', 'v1', 'manage');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type ManageRouteEntry = {
  /** `news_manage/get_news_list` */
  name: string;
  method: (typeof METHODS)[number];
  /** `POST news_manage/save_news_info` */
  id: string;
  path: string;
  handler: ManageHandler;
};

const routeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('[') ? [] : routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });

/**
 * Every manage API route as the app/api tree holds it, read from the files themselves (the same
 * tree Next builds the server's route table from), so a route added later is walked by the tests
 * without being listed anywhere. The catch-all 404 (a dynamic segment) is left out.
 */
export const manageRouteTable = (): ManageRouteEntry[] =>
  routeFiles(MANAGE_DIR)
    .sort()
    .flatMap((file) => {
      const name = path.relative(MANAGE_DIR, path.dirname(file)).split(path.sep).join('/');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = require(file) as Record<string, unknown>;
      return METHODS.filter((method) => typeof exported[method] === 'function').map((method) => {
        const handler = exported[method] as ManageHandler;
        if (!handler.access) throw new Error(`${method} ${name} is not made by manageRoute`);
        return { name, method, id: `${method} ${name}`, path: `/api/v1/manage/${name}`, handler };
      });
    });
