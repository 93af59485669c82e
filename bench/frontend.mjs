// The first screen in a browser: how much JavaScript the login page and the sign-in → content
// list path download, and how long pressing 登录 takes until the list's rows show, then how long
// another category from the menu takes. Serves the built app (server/server.mjs, as `npm start`
// does) on a fresh embedded database in a temp folder, seeds two categories through the manage
// API and drives Debian's Chromium through Playwright, a new browser context (empty cache) per run.
//
//   npx next build && node bench/frontend.mjs     # --runs N --port P --items N
//
// Script bytes are each script's body gzipped here (zlib level 6, what a compressing proxy or
// `compression` sends by default) — server/server.mjs serves them uncompressed on loopback — so
// the figures do not depend on who compresses. Prints figures; asserts nothing.
import os from 'node:os';
import { chromium } from '@playwright/test';
import { arg, median } from './harness.mjs';
import {
  collectScripts,
  loginAndOpenList,
  openOtherCategory,
  seedCategories,
  startApp,
} from './frontend-steps.mjs';

const runs = Number(arg('runs', 5));
const port = Number(arg('port', 3610));
const items = Number(arg('items', 30));
const password = 'Bench12345';
const base = `http://127.0.0.1:${port}`;

const kb = (bytes) => (bytes / 1024).toFixed(1);
const spread = (values, format = (v) => String(Math.round(v))) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${format(sorted[0])} / ${format(median(sorted))} / ${format(sorted.at(-1))}`;
};

const { stop } = await startApp({ port, password });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const categories = await seedCategories({ base, password, items });
  const results = [];
  // One warm-up run: the server's first render of each page compiles nothing but fills its caches.
  for (let run = 0; run <= runs; run += 1) {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const scripts = collectScripts(page);
    const login = await loginAndOpenList({ page, base, password, category: categories[0], scripts });
    const switchMs = await openOtherCategory({ page, category: categories[1] });
    const afterSwitch = scripts.snapshot();
    await context.close();
    if (run > 0) results.push({ ...login, switchMs, afterSwitch });
  }
  console.log(`${runs} runs, Chromium headless, ${items} items per category, a new context each run`);
  console.log(
    `machine load average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const rows = [
    ['login page: scripts', spread(results.map((r) => r.loginPage.count))],
    [
      'login page: JS KB gzip',
      spread(
        results.map((r) => r.loginPage.gzip),
        kb,
      ),
    ],
    [
      'login page: JS KB raw',
      spread(
        results.map((r) => r.loginPage.raw),
        kb,
      ),
    ],
    ['sign-in → list: scripts', spread(results.map((r) => r.list.count))],
    [
      'sign-in → list: JS KB gzip',
      spread(
        results.map((r) => r.list.gzip),
        kb,
      ),
    ],
    [
      'sign-in → list: JS KB raw',
      spread(
        results.map((r) => r.list.raw),
        kb,
      ),
    ],
    ['press 登录 → rows visible, ms', spread(results.map((r) => r.signInMs))],
    ['press 登录 → rows hydrated (clickable), ms', spread(results.map((r) => r.interactiveMs))],
    ['menu → other category rows, ms', spread(results.map((r) => r.switchMs))],
    [
      'after the switch: JS KB gzip',
      spread(
        results.map((r) => r.afterSwitch.gzip),
        kb,
      ),
    ],
  ];
  console.log('\n| figure (min / median / max) | value |\n| --- | --- |');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
  if (process.argv.includes('--list')) {
    console.log('\nscripts of the last run (gzip bytes):');
    for (const { url, gzip } of results.at(-1).afterSwitch.items)
      console.log(`${String(gzip).padStart(8)}  ${url}`);
  }
} finally {
  await browser.close();
  await stop();
}
