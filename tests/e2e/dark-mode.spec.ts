import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { cookieValue, openAdminPage, openContentList, reloadAdminPage, signIn } from './support/helpers';
import { shot } from './support/shots';

// Issue 26, dark mode: by prefers-color-scheme and by 外观 in 布局设置, remembered by the browser,
// on every screen (login included, with the chosen theme colour), dark from the first painted
// frame; the rich-text editor and the process drawing follow, the drawing's PNG stays white.
//
// "The first frame": an init script (it runs before any of the page's own) samples, at every
// animation frame until the page has loaded and been painted, the class on <html> and the background the canvas is
// painted with (<html>'s, or <body>'s when <html> has none). An animation frame's callbacks run
// right before that frame is painted, so the samples taken before the browser's first-paint time
// describe what the first frame showed. It proves the styles and the class were in place for that
// frame; it is not a picture of the screen.

type Frame = { at: number; scheme: string; canvas: string };
type Answer<T> = { code: number; message: string; data: T };

const recordFrames = (page: Page) =>
  page.addInitScript(() => {
    const frames: { at: number; scheme: string; canvas: string }[] = [];
    (window as unknown as { __frames: typeof frames }).__frames = frames;
    const background = (element: Element | null) =>
      element ? getComputedStyle(element).backgroundColor : 'rgba(0, 0, 0, 0)';
    const sample = () => {
      const html = background(document.documentElement);
      frames.push({
        at: performance.now(),
        scheme: document.documentElement.className,
        canvas: html === 'rgba(0, 0, 0, 0)' ? background(document.body) : html,
      });
      const painted = performance.getEntriesByType('paint').some((entry) => entry.name === 'first-paint');
      if (document.readyState !== 'complete' || !painted || frames.length < 5) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });

/**
 * The frames sampled up to the page's load, and when the browser first painted. The first-paint
 * entry can be reported after the load event (it is queued after the frame), so both are waited for.
 */
const framesOf = async (page: Page) => {
  await page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      performance.getEntriesByType('paint').some((entry) => entry.name === 'first-paint'),
  );
  return page.evaluate(() => ({
    frames: (window as unknown as { __frames: Frame[] }).__frames,
    firstPaint: performance.getEntriesByType('paint').find((entry) => entry.name === 'first-paint')
      ?.startTime,
  }));
};

/** Relative luminance (WCAG) of an `rgb(…)` / `rgba(…)` colour; a transparent one counts as white. */
const luminance = (color: string) => {
  const parts = (color.match(/[\d.]+/g) ?? []).map(Number);
  if (parts.length === 4 && parts[3] === 0) return 1;
  const [r, g, b] = parts.slice(0, 3).map((part) => {
    const channel = part / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/**
 * The first painted frame and every one after it up to the load had `scheme` and a ground to match.
 * The first painted frame is the last one sampled at or before the first-paint time (none before it
 * was painted, by that time's definition; one sampled before <head> was parsed may show no class).
 */
const expectFramesIn = async (page: Page, scheme: 'light' | 'dark') => {
  const { frames, firstPaint } = await framesOf(page);
  expect(firstPaint, 'the browser reported its first paint').toBeDefined();
  const firstPainted = frames.findLastIndex((frame) => frame.at <= (firstPaint ?? 0));
  expect(firstPainted, 'a frame was sampled before the first paint').toBeGreaterThanOrEqual(0);
  for (const frame of frames.slice(firstPainted)) {
    expect(frame.scheme, `frame at ${frame.at.toFixed(0)} ms`).toBe(scheme);
    const isDark = luminance(frame.canvas) < 0.05;
    expect(isDark, `frame at ${frame.at.toFixed(0)} ms painted ${frame.canvas}`).toBe(scheme === 'dark');
  }
};

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('跟随系统：prefers-color-scheme 为深色时登录页与后台从第一帧起就是深色，浅色时是浅色', async ({
  page,
}) => {
  await recordFrames(page);
  for (const scheme of ['dark', 'light'] as const) {
    await page.context().clearCookies();
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/login');
    await expectFramesIn(page, scheme);
    await shot(page, `dark-mode-login-${scheme}`, { atBothWidths: true });

    await signIn({ page });
    await openAdminPage({ page, path: '/home' });
    await expect(page.getByRole('navigation', { name: '侧边菜单' })).toBeVisible();
    await expectFramesIn(page, scheme);
  }
});

test('外观设置：深色 / 浅色 / 跟随系统记在浏览器里，刷新和登录页都照用，登录页也用所选主题色', async ({
  page,
}) => {
  await recordFrames(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn({ page });
  await openAdminPage({ page, path: '/home' });
  await expect(page.locator('html')).toHaveClass('light');

  await page.getByRole('button', { name: '布局设置' }).click();
  const drawer = page.getByRole('dialog', { name: '系统布局配置' });
  const appearance = drawer.getByRole('group', { name: '外观' });
  await expect(appearance.getByRole('button', { name: '跟随系统' })).toHaveAttribute('aria-pressed', 'true');
  await appearance.getByRole('button', { name: '深色' }).click();
  await expect(page.locator('html')).toHaveClass('dark');
  expect(luminance(await bodyBackground(page))).toBeLessThan(0.05);
  await drawer.getByRole('button', { name: '主题色 #13c2c2' }).click();
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => localStorage.getItem('mui-mode'))).toBe('dark');

  // Remembered: a reload is dark from its first frame although the system says light.
  await reloadAdminPage({ page });
  await expectFramesIn(page, 'dark');

  // The login page (signed out) follows too, in the chosen theme colour's dark-scheme shade.
  await page.context().clearCookies();
  await page.goto('/login');
  await expectFramesIn(page, 'dark');
  await expect(page.getByRole('button', { name: '登录' })).toHaveCSS('background-color', 'rgb(19, 194, 194)');

  // 浅色 overrides a dark system; the login page then uses the colour's light-scheme shade.
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn({ page });
  await openAdminPage({ page, path: '/home' });
  await page.getByRole('button', { name: '布局设置' }).click();
  await appearance.getByRole('button', { name: '浅色' }).click();
  await expect(page.locator('html')).toHaveClass('light');
  expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.5);
  await page.context().clearCookies();
  await page.goto('/login');
  await expectFramesIn(page, 'light');
  await expect(page.getByRole('button', { name: '登录' })).toHaveCSS('background-color', 'rgb(11, 116, 116)');

  // 跟随系统 again: the page follows the system as it changes, without a reload.
  await signIn({ page });
  await openAdminPage({ page, path: '/home' });
  await page.getByRole('button', { name: '布局设置' }).click();
  await appearance.getByRole('button', { name: '跟随系统' }).click();
  await expect(page.locator('html')).toHaveClass('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveClass('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass('dark');
  expect(luminance(await bodyBackground(page))).toBeLessThan(0.05);
});

test('深色下的富文本编辑器与流程图；流程图保存的 PNG 仍是白底', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn({ page });
  const headers = { 'X-Token': (await cookieValue({ page, name: 'Admin-Token' })) ?? '' };
  const key = `dark_${Date.now()}`;
  const created = await page.request.post('/api/v1/manage/class_manage/save_class', {
    headers,
    data: {
      name: '深色报修',
      key,
      class_type: '5',
      content_fileds: {
        list: [],
        base_set: {
          title: { name: '标题', showlist: true, isshow: true },
          short_title: { name: '副标题', showlist: false, isshow: false },
          intro: { name: '简介', showlist: false, isshow: false },
          content: { name: '正文', showlist: false, isshow: true },
        },
        process: [
          { title: '报修', value: 1 },
          { title: '维修', value: 2 },
          { title: '验收', value: 3 },
        ],
      },
    },
  });
  const category = (await created.json()) as Answer<{ id: number }>;
  expect(category.code, category.message).toBe(200);
  const saved = await page.request.post('/api/v1/manage/news_manage/save_news_info', {
    headers,
    data: { class_id: category.data.id, title: '三楼打印机', content: '<p>卡纸，<strong>急</strong></p>' },
  });
  expect(((await saved.json()) as Answer<unknown>).code).toBe(200);
  await openContentList({ page, path: `/NewsManage/${key}` });

  // The editor: light text on a dark ground.
  await page.getByRole('button', { name: '编辑「三楼打印机」' }).click();
  const dialog = page.getByRole('dialog', { name: '内容' });
  const editor = dialog.locator('.tiptap');
  await expect(editor).toContainText('卡纸');
  const editorLook = await editor.evaluate((element) => {
    let ground = element as Element | null;
    while (ground && getComputedStyle(ground).backgroundColor === 'rgba(0, 0, 0, 0)')
      ground = ground.parentElement;
    return {
      text: getComputedStyle(element).color,
      ground: ground ? getComputedStyle(ground).backgroundColor : '',
    };
  });
  expect(luminance(editorLook.text)).toBeGreaterThan(0.5);
  expect(luminance(editorLook.ground)).toBeLessThan(0.05);
  await shot(page, 'dark-mode-editor');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The drawing: dark on screen.
  await page.getByRole('button', { name: '更多操作「三楼打印机」', exact: true }).click();
  await page.getByRole('menuitem', { name: '流程图「三楼打印机」', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: '流程列表' });
  const chart = drawer.getByRole('img', { name: '「三楼打印机」的流程图' });
  await expect(chart.getByTestId('flow-node')).toHaveCount(3);
  const canvasFill = await chart
    .locator('rect')
    .first()
    .evaluate((rect) => getComputedStyle(rect).fill);
  expect(luminance(canvasFill)).toBeLessThan(0.05);
  const firstBox = await chart
    .getByTestId('flow-node')
    .first()
    .locator('rect')
    .evaluate((rect) => ({
      fill: getComputedStyle(rect).fill,
      x: Number(rect.getAttribute('x')),
      y: Number(rect.getAttribute('y')),
    }));
  expect(luminance(firstBox.fill)).toBeLessThan(0.1);
  await shot(page, 'dark-mode-process-drawing');

  // Its PNG: white ground, light boxes (read back in the browser, at the drawing's 2× scale).
  const downloading = page.waitForEvent('download');
  await drawer.getByRole('button', { name: '保存为图片' }).click();
  const png = await readFile(await (await downloading).path());
  const pixels = await page.evaluate(
    async ({ data, box }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
      return { corner: at(2, 2), box: at((box.x + 12) * 2, (box.y + 6) * 2) };
    },
    { data: png.toString('base64'), box: firstBox },
  );
  expect(pixels.corner).toEqual([255, 255, 255]);
  expect(Math.min(...pixels.box)).toBeGreaterThan(200);
});
