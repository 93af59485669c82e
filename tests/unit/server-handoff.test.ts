import fs from 'node:fs';
import path from 'node:path';
import { isJsonBody, PAGE_PATH_HEADER, REQUEST_BODY } from '@/lib/http/server-handoff.js';

// lib/http/server-handoff.js names what the server (server/) hands the app (lib/) beside the
// request: it is the only place those names are spelled out, so the two sides cannot drift apart.

const ROOT = path.join(__dirname, '..', '..');
const HANDOFF = path.join('lib', 'http', 'server-handoff.js');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

const sourcesUnder = (dir: string): string[] =>
  fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return rel === path.join('lib', 'generated') ? [] : sourcesUnder(rel);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [rel] : [];
  });

describe('the names the server and the app share (lib/http/server-handoff.js)', () => {
  it('are spelled out nowhere else in the server or the app', () => {
    const files = [
      ...['server', 'lib', 'app', 'components'].flatMap(sourcesUnder),
      'instrumentation.ts',
      'instrumentation-client.ts',
    ];
    expect(files).toEqual(expect.arrayContaining([HANDOFF, path.join('server', 'serve-api.js')]));
    const spelled = files
      .filter((file) => file !== HANDOFF)
      .filter((file) => /Symbol\.for\(\s*['"]cms\.|x-cms-page-path|__cmsLogger/.test(read(file)));
    expect(spelled).toEqual([]);
  });

  it('are plain values: symbols from the global registry, a lowercase header name', () => {
    expect(REQUEST_BODY).toBe(Symbol.for('cms.requestBody'));
    expect(PAGE_PATH_HEADER).toBe(PAGE_PATH_HEADER.toLowerCase());
  });

  it('isJsonBody: a JSON content type on a method that has a body', () => {
    expect(isJsonBody('POST', 'application/json; charset=utf-8')).toBe(true);
    expect(isJsonBody('PUT', 'application/json')).toBe(true);
    expect(isJsonBody('GET', 'application/json')).toBe(false);
    expect(isJsonBody('HEAD', 'application/json')).toBe(false);
    expect(isJsonBody('POST', 'multipart/form-data; boundary=x')).toBe(false);
    expect(isJsonBody('POST', null)).toBe(false);
    expect(isJsonBody('POST', undefined)).toBe(false);
  });
});
