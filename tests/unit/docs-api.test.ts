// docs/API.md must list exactly the manage API's routes, each with the methods its route file exports
// and the access it declares to manageRoute: the roles as the loaded route carries them (a route may
// name a shared list such as UPLOAD_ROLES), the before-two-factor flag from the file's text.
import fs from 'node:fs';
import path from 'node:path';
import { manageRouteTable } from '../helpers/route-table';

const ROOT = path.join(__dirname, '..', '..');
const MANAGE_DIR = path.join(ROOT, 'app', 'api', 'v1', 'manage');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

type Access = { access: string; beforeTwoFactor: boolean };

/** route.ts files under app/api/v1/manage, as `group/action`; dynamic folders ([...rest]) are not routes of their own. */
const routeFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('[') ? [] : routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });

const loaded = new Map(manageRouteTable().map((route) => [route.id, route.handler.access]));

/** What the route declares: 'public', 'signed in', or its roles joined by ', '. */
const declaredAccess = (id: string, source: string): Access => {
  const declared = loaded.get(id);
  if (!declared) throw new Error(`${id} did not load as a manage route`);
  const access = declared.isPublic
    ? 'public'
    : declared.roles.length
      ? [...declared.roles].sort().join(', ')
      : 'signed in';
  return { access, beforeTwoFactor: /\bisOpenBeforeTwoFactor:\s*true\b/.test(source) };
};

const exportedMethods = (source: string) => {
  const direct = [...source.matchAll(/\bexport const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
  const renamed = [...source.matchAll(/\bexport \{([^}]*)\}/g)].flatMap((m) =>
    [...m[1].matchAll(/\bas (GET|POST|PUT|PATCH|DELETE)\b/g)].map((r) => r[1]),
  );
  return [...direct, ...renamed];
};

/** `METHOD group/action` → its declared access, for every route file. */
const routes = new Map<string, Access>();
for (const file of routeFiles(MANAGE_DIR)) {
  const name = path.relative(MANAGE_DIR, path.dirname(file)).split(path.sep).join('/');
  const source = fs.readFileSync(file, 'utf8');
  for (const method of exportedMethods(source))
    routes.set(`${method} ${name}`, declaredAccess(`${method} ${name}`, source));
}

const apiDoc = fs.readFileSync(path.join(ROOT, 'docs', 'API.md'), 'utf8');

/** An entry: `- **`METHOD group/action?query`** (access)`, the access as the page writes it. */
const ENTRY = new RegExp(
  String.raw`^- \*\*\`(${METHODS.join('|')}) ([a-z_]+/[a-z_]+)(?:\?[^\`]*)?\`\*\* \(([^)]*)\)`,
  'gm',
);
const documented = new Map<string, Access>();
const duplicates: string[] = [];
for (const [, method, name, accessText] of apiDoc.matchAll(ENTRY)) {
  const id = `${method} ${name}`;
  if (documented.has(id)) duplicates.push(id);
  const beforeTwoFactor = /,\s*before two-factor$/.test(accessText);
  const text = accessText.replace(/,\s*before two-factor$/, '').trim();
  const roles = [...text.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
  documented.set(id, { access: roles.length ? roles.sort().join(', ') : text, beforeTwoFactor });
}

describe('docs/API.md and app/api/v1/manage', () => {
  it('finds the routes and the entries (the parsers still match the files)', () => {
    expect(routes.size).toBeGreaterThan(40);
    expect(documented.size).toBeGreaterThan(40);
    expect(duplicates).toEqual([]);
  });

  it('lists every route that exists', () => {
    expect([...routes.keys()].filter((id) => !documented.has(id))).toEqual([]);
  });

  it('lists no route that does not exist', () => {
    expect([...documented.keys()].filter((id) => !routes.has(id))).toEqual([]);
  });

  it('names no other `METHOD group/action` that does not exist', () => {
    const mentioned = [
      ...apiDoc.matchAll(new RegExp(String.raw`\`(${METHODS.join('|')}) ([a-z_]+/[a-z_]+)`, 'g')),
    ].map((m) => `${m[1]} ${m[2]}`);
    expect(mentioned.filter((id) => !routes.has(id))).toEqual([]);
  });

  it('gives each route the access its file declares', () => {
    const wrong = [...routes]
      .filter(([id]) => documented.has(id))
      .filter(([id, access]) => JSON.stringify(documented.get(id)) !== JSON.stringify(access))
      .map(([id, access]) => ({ id, declared: access, documented: documented.get(id) }));
    expect(wrong).toEqual([]);
  });

  it('keeps the catch-all 404 out of the route list, and documents it', () => {
    expect(fs.existsSync(path.join(MANAGE_DIR, '[...rest]', 'route.ts'))).toBe(true);
    expect([...routes.keys()].some((id) => id.includes('['))).toBe(false);
    expect(apiDoc).toContain('app/api/v1/manage/[...rest]');
  });
});
