import { expect, test, type Page } from '@playwright/test';
import { cookieValue, signIn } from './helpers';

const OUT = '/work/notes/shots/process-ui';
const STEPS = ['提交申请', '部门审核', '财务复核', '领导审批', '归档'].map((title, index) => ({ title, value: index + 1 }));
const DAY = 86_400;

const seed = async (page: Page, classType: '4' | '5') => {
  const headers = { 'X-Token': (await cookieValue({ page, name: 'Admin-Token' })) ?? '' };
  const key = `shots_${classType}_${Date.now()}`;
  const created = await page.request.post('/api/v1/manage/class_manage/save_class', {
    headers,
    data: { name: classType === '5' ? '报销审批' : '采购申请', key, class_type: classType, content_fileds: { list: [], process: STEPS } },
  });
  const classId = ((await created.json()) as { data: { id: number } }).data.id;
  const now = Math.floor(Date.now() / 1000);
  for (let n = 0; n < 8; n += 1) {
    const saved = await page.request.post('/api/v1/manage/news_manage/save_news_info', {
      headers,
      data: { class_id: classId, title: `第${n + 1}号报销单：差旅费与会议费` },
    });
    const id = ((await saved.json()) as { data: { id: number } }).data.id;
    const reached = n % 5;
    for (let step = 0; step < reached; step += 1) {
      await page.request.post('/api/v1/manage/news_manage/save_process', {
        headers,
        data: {
          news_id: id,
          process: STEPS[step].value,
          title: `${STEPS[step].title}完成`,
          time: now - 20 * DAY + step * (2 * DAY + n * 3 * 3600),
          remark: '已处理',
        },
      });
    }
  }
  return key;
};

for (const width of [1366, 390]) {
  test(`shots ${width}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await signIn({ page });
    const key = await seed(page, '5');
    await page.goto(`/NewsManage/${key}`);
    await expect(page.getByRole('grid').locator('.MuiDataGrid-row')).toHaveCount(8);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/list-${width}.png`, fullPage: true });
    const title = '第4号报销单：差旅费与会议费';
    await page.getByRole('button', { name: `填写流程「${title}」` }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/timeline-${width}.png` });
    await page.getByRole('dialog', { name: '填写流程' }).getByRole('tab', { name: /^领导审批/ }).click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${OUT}/record-form-${width}.png` });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
    await page.getByRole('dialog', { name: '填写流程' }).getByRole('tab', { name: /^归档/ }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/warning-${width}.png` });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
    await page.getByRole("button", { name: `流程「${title}」`, exact: true }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/drawer-${width}.png` });
    await page.getByRole('tab', { name: '流程图' }).click();
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${OUT}/drawing-${width}.png` });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
    await page.getByRole('button', { name: '流程总览' }).click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/overview-${width}.png` });
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog', { name: '流程总览' }).getByRole('button', { name: '保存为图片' }).click();
    await (await downloading).saveAs(`${OUT}/overview-saved-${width}.png`);
  });
}
