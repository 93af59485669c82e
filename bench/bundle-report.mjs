// Which packages and modules weigh what on the first screen: the scripts the login page and the
// sign-in → content list path download (found by driving Chromium through that path, as
// bench/frontend.mjs does), each split by its source map into the files it was built from, summed
// per package (node_modules/<package>; Next's compiled React as react-dom etc.) or per app folder.
//
//   node bench/bundle-report.mjs            # builds into .next-analyze first if it holds no build
//   node bench/bundle-report.mjs --dist .next-analyze --port 3620 --top 25 --rebuild
//   node bench/bundle-report.mjs --detail @mui/material   # also that owner's files, heaviest first
//
// The build is the app's own with browser source maps on (BUNDLE_SOURCE_MAPS=1 in next.config.js)
// in a separate folder, so the served build never publishes them. A chunk's gzip size is shared
// among its sources in proportion to the characters each one generated (gzip does not compress
// every part of a file alike, so per-source gzip figures are estimates; the totals are exact).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { arg, root } from './harness.mjs';
import { collectScripts, loginAndOpenList, seedCategories, startApp } from './frontend-steps.mjs';

const require = createRequire(import.meta.url);
const distDir = arg('dist', '.next-analyze');
const port = Number(arg('port', 3620));
const top = Number(arg('top', 25));
const detail = arg('detail', '');
const password = 'Bench12345';
const base = `http://127.0.0.1:${port}`;

if (process.argv.includes('--rebuild') || !fs.existsSync(path.join(root, distDir, 'BUILD_ID'))) {
  console.log(`building the app with source maps into ${distDir}…`);
  const built = spawnSync(process.execPath, [require.resolve('next/dist/bin/next'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_DIST_DIR: distDir, BUNDLE_SOURCE_MAPS: '1' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** The package (or app folder) a source of a source map belongs to. */
const ownerOf = (source) => {
  const file = decodeURIComponent(source)
    .replace(/^turbopack:\/\/\/?/, '')
    .replace(/^\[project\]\//, '')
    .replace(/^webpack:\/\/[^/]*\//, '');
  const inModules = file.lastIndexOf('node_modules/');
  if (inModules < 0) {
    if (file.startsWith('[turbopack]') || file.startsWith('[next]')) return 'next (runtime)';
    const parts = file.split('/');
    return parts.length > 2 ? `app: ${parts.slice(0, 2).join('/')}` : `app: ${file}`;
  }
  const rest = file.slice(inModules + 'node_modules/'.length).split('/');
  const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  // notistack ships its own source map, whose paths (src/…) Turbopack puts straight under node_modules.
  if (name === 'src') return 'notistack';
  if (name === 'next') {
    const compiled = file.match(/next\/dist\/compiled\/((?:@[^/]+\/)?[^/]+)/);
    if (compiled)
      return compiled[1].startsWith('react') || compiled[1] === 'scheduler' ? compiled[1] : 'next';
  }
  return name;
};

/** Characters of `code` each source generated, by the source map's segments. */
const charsBySource = ({ code, map }) => {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i += 1) if (code[i] === '\n') lineStarts.push(i + 1);
  const offsets = [];
  new SourceMapConsumer(map).eachMapping((m) => {
    offsets.push({ at: lineStarts[m.generatedLine - 1] + m.generatedColumn, source: m.source ?? null });
  });
  offsets.sort((a, b) => a.at - b.at);
  const chars = new Map();
  const add = (source, n) => chars.set(source, (chars.get(source) ?? 0) + n);
  add(null, offsets.length ? offsets[0].at : code.length);
  offsets.forEach((segment, i) => add(segment.source, (offsets[i + 1]?.at ?? code.length) - segment.at));
  return chars;
};

/** The source's path inside its package (or the app), for --detail. */
const fileOf = (source) =>
  decodeURIComponent(source)
    .replace(/^turbopack:\/\/\/?/, '')
    .replace(/^\[project\]\//, '')
    .replace(/^.*node_modules\//, '');

/** gzip bytes by owner for a list of scripts ({ url, gzip }); with --detail, also by file of that owner. */
const weigh = (scripts) => {
  const byOwner = new Map();
  const byFile = new Map();
  const add = (owner, bytes, source) => {
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + bytes);
    if (detail && owner === detail && source)
      byFile.set(fileOf(source), (byFile.get(fileOf(source)) ?? 0) + bytes);
  };
  for (const { url, gzip } of scripts) {
    const { pathname } = new URL(url);
    const file = path.join(root, distDir, pathname.replace(/^\/_next\//, ''));
    const code = pathname.startsWith('/_next/') && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    // The map's name is the one the chunk's own comment gives (Turbopack names it by its content).
    const mapName = [...code.matchAll(/\/\/# sourceMappingURL=(\S+)/g)].at(-1)?.[1];
    const mapFile = mapName && path.join(path.dirname(file), mapName);
    if (!mapFile || !fs.existsSync(mapFile)) {
      add('(no source map)', gzip);
      continue;
    }
    const chars = charsBySource({ code, map: JSON.parse(fs.readFileSync(mapFile, 'utf8')) });
    for (const [source, n] of chars) {
      add(source === null ? '(chunk glue, no source)' : ownerOf(source), (gzip * n) / code.length, source);
    }
  }
  return Object.assign(byOwner, { byFile });
};

const { stop } = await startApp({ port, password, distDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const [category] = await seedCategories({ base, password, items: 5 });
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  const scripts = collectScripts(page);
  const { loginPage, list } = await loginAndOpenList({ page, base, password, category, scripts });
  await context.close();

  const onLogin = weigh(loginPage.items);
  const onList = weigh(list.items);
  const kb = (bytes) => (bytes ? (bytes / 1024).toFixed(1) : '–');
  const owners = [...onList.keys()].sort((a, b) => onList.get(b) - onList.get(a));
  const shown = owners.slice(0, top);
  const rest = owners.slice(top);
  console.log(`build: ${distDir}; gzip level 6 per script, shared among its sources by generated size`);
  console.log(
    `login page: ${loginPage.count} scripts, ${kb(loginPage.gzip)} KB gzip; ` +
      `sign-in → list: ${list.count} scripts, ${kb(list.gzip)} KB gzip\n`,
  );
  console.log('| package or app folder | login page KB gzip | sign-in → list KB gzip |');
  console.log('| --- | --: | --: |');
  for (const owner of shown)
    console.log(`| ${owner} | ${kb(onLogin.get(owner))} | ${kb(onList.get(owner))} |`);
  if (rest.length) {
    const sum = (map) => rest.reduce((total, owner) => total + (map.get(owner) ?? 0), 0);
    console.log(`| ${rest.length} others | ${kb(sum(onLogin))} | ${kb(sum(onList))} |`);
  }
  console.log(`| **total** | **${kb(loginPage.gzip)}** | **${kb(list.gzip)}** |`);
  if (detail) {
    console.log(`\n| ${detail}: file | sign-in → list KB gzip |\n| --- | --: |`);
    const files = [...onList.byFile].sort((a, b) => b[1] - a[1]);
    for (const [file, bytes] of files.slice(0, top)) console.log(`| ${file} | ${kb(bytes)} |`);
    if (files.length > top)
      console.log(
        `| ${files.length - top} others | ${kb(files.slice(top).reduce((t, [, b]) => t + b, 0))} |`,
      );
  }
} finally {
  await browser.close();
  await stop();
}
