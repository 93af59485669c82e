import fs from 'node:fs';
import type { Page } from '@playwright/test';

const SHOTS = process.env.SHOTS_DIR;

const SIZES = [
  ['desktop', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;

/**
 * Screenshots for a person to look at, taken only when SHOTS_DIR is set (`SHOTS_DIR=/tmp/shots npx
 * playwright test …`): the whole page as it is now, or with `atBothWidths` once at 1440 (the laptop of issue 26) and once at
 * 390 px wide (`<name>-desktop.png`, `<name>-390.png`), the viewport set back to 1366 × 800 after.
 */
export const shot = async (page: Page, name: string, { atBothWidths = false } = {}) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  if (!atBothWidths) {
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
    return;
  }
  for (const [suffix, size] of SIZES) {
    await page.setViewportSize(size);
    // The shell re-lays out after a resize (the sidebar becomes a drawer): wait until nothing is
    // wider than the window. A real overflow stays, times out here, and shows in the picture.
    await page
      .waitForFunction((width) => document.documentElement.scrollWidth <= width, size.width, {
        timeout: 3000,
      })
      .catch(() => undefined);
    await page.screenshot({ path: `${SHOTS}/${name}-${suffix}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
};
