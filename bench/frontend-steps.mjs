// The steps bench/frontend.mjs takes in the browser, kept apart so the figures' definitions are in
// one place: which scripts count, what "rows visible" means, how the menu switch is timed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { field, root, stopGroup } from './harness.mjs';

/**
 * The built app of NEXT_DIST_DIR (or `distDir`) served by server/server.mjs, as `npm start` does,
 * on a fresh embedded database in a temp folder, in its own process group. `stop()` ends it all.
 */
export const startApp = async ({ port, password, distDir = process.env.NEXT_DIST_DIR || '.next' }) => {
  if (!fs.existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    console.error(`no build in ${distDir}: run \`npx next build\` first`);
    process.exit(2);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-front-bench-'));
  const server = spawn(process.execPath, [path.join(root, 'server/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: '',
      PGLITE_DIR: path.join(dir, 'pglite'),
      SESSION_SECRET_FILE: path.join(dir, 'secret'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    stopGroup(server);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/login`)).ok) return { server, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('server did not start');
};

const api = async ({ base, token, path, body }) => {
  const response = await fetch(`${base}/api/v1/manage/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
};

const HALF = { style: '50%' }; // each field half the editor's width

const BASE_SET = {
  title: { name: '标题', showlist: true, isshow: true },
  short_title: { name: '副标题', showlist: false, isshow: true },
  intro: { name: '简介', showlist: true, isshow: true },
  content: { name: '正文', showlist: false, isshow: true },
};

/** Two list categories of `items` items each (a text, a select and a date field besides the base set). */
export const seedCategories = async ({ base, password, items }) => {
  const { token } = await api({ base, path: 'login/login', body: { username: 'admin', password } });
  const list = [
    field('author', '作者', HALF),
    field('level', '级别', {
      ...HALF,
      type: 'select',
      options: [
        { label: '高', value: 'high', color: '#f5222d' },
        { label: '低', value: 'low', color: '#52c41a' },
      ],
    }),
    field('open_day', '开放日', { ...HALF, type: 'date', search: false }),
  ];
  const categories = [];
  for (const name of ['通知公告', '校园新闻']) {
    const key = `bench_${categories.length}_${Date.now()}`;
    const { id } = await api({
      base,
      token,
      path: 'class_manage/save_class',
      body: { name, key, class_type: '0', content_fileds: { list, base_set: BASE_SET } },
    });
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < items; i += 1) {
      await api({
        base,
        token,
        path: 'news_manage/save_news_info',
        body: {
          class_id: id,
          title: `${name}第${i + 1}条：关于学期安排的说明`,
          intro: '面向全体师生，请相互转告。',
          author: i % 2 ? '教务处' : '办公室',
          level: i % 3 ? 'low' : 'high',
          new_time: now - i * 3600,
        },
      });
    }
    categories.push({ id, key, name, rowText: `${name}第` });
  }
  return categories;
};

/**
 * Every script the page downloads (any origin), with its body's size raw and gzipped here.
 * `settle()` waits until no script has arrived for `quietMs`; `snapshot()` sums what arrived so far.
 */
export const collectScripts = (page) => {
  const pending = new Set();
  let items = [];
  let lastAt = Date.now();
  // Once per URL: a page loaded after another (the list after signing in) takes the scripts the
  // first one had loaded already from the browser's cache (hashed names, served as immutable).
  const seen = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || seen.has(response.url())) return;
    seen.add(response.url());
    lastAt = Date.now();
    const done = response
      .body()
      .then((body) => items.push({ url: response.url(), raw: body.length, gzip: gzipSync(body).length }))
      .catch(() => items.push({ url: response.url(), raw: 0, gzip: 0 }))
      .finally(() => pending.delete(done));
    pending.add(done);
  });
  return {
    reset: () => {
      items = [];
    },
    settle: async (quietMs = 600) => {
      while (Date.now() - lastAt < quietMs || pending.size) {
        await Promise.all(pending);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    snapshot: () => ({
      count: items.length,
      raw: items.reduce((sum, item) => sum + item.raw, 0),
      gzip: items.reduce((sum, item) => sum + item.gzip, 0),
      items: [...items].sort((a, b) => b.gzip - a.gzip),
    }),
  };
};

// In the page: the time (performance.timeOrigin-based, so it survives a full navigation) at which a
// visible row of the content table containing `window.__benchRowText` was first in the DOM, taken at the next
// animation frame (about when it is painted).
const ROW_WATCH = () => {
  const now = () => performance.timeOrigin + performance.now();
  const check = () => {
    const text = sessionStorage.getItem('bench-row-text');
    if (!text || sessionStorage.getItem('bench-rows-at')) return;
    for (const row of document.querySelectorAll('table tbody tr[data-id]')) {
      if (row.textContent?.includes(text) && row.getClientRects().length) {
        sessionStorage.setItem('bench-rows-at', 'pending');
        requestAnimationFrame(() => sessionStorage.setItem('bench-rows-at', String(now())));
        watchInteractive(row);
        return;
      }
    }
  };
  // Rows drawn by the server are visible before React has taken them over (hydrated): until then
  // a click on them does nothing. React marks each element it owns with a __reactFiber$… key.
  const isOwnedByReact = (element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
  const watchInteractive = (row) => {
    const poll = () => {
      if (!row.isConnected) {
        const other = document.querySelector('table tbody tr[data-id]');
        if (other) return watchInteractive(other);
      } else if (isOwnedByReact(row)) {
        return sessionStorage.setItem('bench-interactive-at', String(now()));
      }
      requestAnimationFrame(poll);
    };
    poll();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  // The clock starts at the click itself, not when the test runner asked for it.
  document.addEventListener(
    'click',
    () => {
      if (sessionStorage.getItem('bench-armed') !== '1') return;
      sessionStorage.setItem('bench-armed', '0');
      sessionStorage.setItem('bench-clicked-at', String(now()));
    },
    true,
  );
};

/** Milliseconds from the armed click to `key`'s time (rows visible, or the rows hydrated). */
const waitForMark = async (page, key) => {
  const handle = await page.waitForFunction(
    (mark) => {
      const at = sessionStorage.getItem(mark);
      return at && at !== 'pending' ? Number(at) - Number(sessionStorage.getItem('bench-clicked-at')) : null;
    },
    key,
    { polling: 50, timeout: 30_000 },
  );
  return handle.jsonValue();
};
const waitForRows = (page) => waitForMark(page, 'bench-rows-at');

const armRows = (page, text) =>
  page.evaluate((rowText) => {
    sessionStorage.removeItem('bench-rows-at');
    sessionStorage.removeItem('bench-interactive-at');
    sessionStorage.setItem('bench-row-text', rowText);
    sessionStorage.setItem('bench-armed', '1');
  }, text);

/** The login page (until the network is idle), then 登录 → the first category's rows. */
export const loginAndOpenList = async ({ page, base, password, category, scripts }) => {
  await page.addInitScript(ROW_WATCH);
  scripts.reset();
  await page.goto(`${base}/login?redirect=${encodeURIComponent(`/NewsManage/${category.key}`)}`, {
    waitUntil: 'networkidle',
  });
  await scripts.settle();
  const loginPage = scripts.snapshot();
  // Typing before React has taken the form over would be lost (the fields get their names then).
  await page.locator('input[name="username"]').waitFor();
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill(password);
  await armRows(page, category.rowText);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const signInMs = await waitForRows(page);
  const interactiveMs = await waitForMark(page, 'bench-interactive-at');
  await scripts.settle();
  return { loginPage, list: scripts.snapshot(), signInMs, interactiveMs };
};

/** Another category from the side menu → its rows. */
export const openOtherCategory = async ({ page, category }) => {
  const menu = page.getByRole('navigation', { name: '侧边菜单' });
  const link = menu.getByRole('link', { name: category.name, exact: true });
  if (!(await link.isVisible())) await menu.getByText('内容管理', { exact: true }).first().click();
  await link.waitFor();
  await armRows(page, category.rowText);
  await link.click();
  return waitForRows(page);
};
