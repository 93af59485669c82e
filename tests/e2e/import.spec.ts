import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { cookieValue, openContentList, settled, signIn } from './support/helpers';
import { fieldDef } from './support/field-fixtures';
import { shot } from './support/shots';

// Issue 23 as an editor meets it: 导入 on the content list — a small .xlsx with one bad row, the
// column 单价 mapped by hand to 价格, 预检 showing the bad row by its number and the good rows in its
// preview, 导入 skipping the bad one, the
// rows in the list, and the error rows downloaded. Also the template of the first step.

const SCHEMA = [
  fieldDef({ key: 'price', title: '价格', type: 'float', showlist: true }),
  fieldDef({
    key: 'level',
    title: '级别',
    type: 'select',
    showlist: true,
    options: [
      { label: '高', value: 'high' },
      { label: '低', value: 'low' },
    ],
  }),
];
const BASE_SET = {
  title: { name: '标题', showlist: true, isshow: true },
  short_title: { name: '副标题', showlist: false, isshow: false },
  intro: { name: '简介', showlist: false, isshow: true },
  content: { name: '正文', showlist: false, isshow: true },
};

type Answer<T> = { code: number; message: string; data: T };

const grid = (page: Page) => page.getByRole('table', { name: /内容$/ });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: '内容操作' });
const dialog = (page: Page) => page.getByRole('dialog', { name: /^导入内容到/ });

const newCategory = async (page: Page) => {
  const key = `import_${Date.now()}_${Math.floor(Math.random() * 1000)}`;
  const token = (await cookieValue({ page, name: 'Admin-Token' })) ?? '';
  const response = await page.request.post('/api/v1/manage/class_manage/save_class', {
    headers: { 'X-Token': token },
    data: { name: '导入测试', key, class_type: '0', content_fileds: { list: SCHEMA, base_set: BASE_SET } },
  });
  const answer = (await response.json()) as Answer<{ id: number }>;
  expect(answer.code, answer.message).toBe(200);
  return { key, classId: answer.data.id };
};

/** The file: header, two good rows and, in between, a row whose 级别 is not an option. */
const importFile = async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('内容');
  sheet.addRow(['标题', '单价', '级别']);
  sheet.addRow(['导入的第一条', 12.5, '高']);
  sheet.addRow(['导入的坏行', 8, '中']);
  sheet.addRow(['导入的第三条', 30, '低']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const readDownload = async (path: string) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

/** At 390 px wide nothing makes the page scroll sideways; the window is set back after. */
const expectNoSidewaysAt390 = async (page: Page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 800 });
};

test('导入：选文件、改对应字段、预检看到错误行、跳过错误行导入、列表里看到内容、下载错误行', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn({ page });
  const { key } = await newCategory(page);
  await openContentList({ page, path: `/NewsManage/${key}` });
  await expect(grid(page)).toBeVisible();

  await toolbar(page).getByRole('button', { name: '导入' }).click();
  await expect(dialog(page)).toBeVisible();

  // Step 1: the template, then the file.
  const templateDownload = page.waitForEvent('download');
  await dialog(page).getByRole('button', { name: '下载模板' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('导入测试-导入模板.xlsx');
  const templatePath = test.info().outputPath('template.xlsx');
  await template.saveAs(templatePath);
  expect((await readDownload(templatePath))[0]).toEqual(['标题', '简介', '正文', '价格', '级别']);

  // A file dropped on the zone is taken (the one chosen next replaces it).
  const dropped = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], '拖入的表.xlsx'));
      return transfer;
    },
    [...(await importFile())],
  );
  await dialog(page).getByTestId('import-drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(dialog(page).getByText(/^拖入的表\.xlsx（/)).toBeVisible();

  await dialog(page)
    .getByLabel('导入文件')
    .setInputFiles({
      name: '价目表.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await importFile(),
    });
  await expect(dialog(page).getByText(/^价目表\.xlsx（/)).toBeVisible();
  await dialog(page).getByRole('button', { name: '下一步' }).click();

  // Step 2: 标题 and 级别 were mapped automatically; 单价 is not a field's name: map it by hand.
  const mappingTable = dialog(page).getByRole('table', { name: '字段对应' });
  await expect(mappingTable).toBeVisible();
  await expect(mappingTable.getByRole('combobox', { name: '「标题」对应的字段' })).toHaveText('标题（必填）');
  await expect(mappingTable.getByRole('combobox', { name: '「级别」对应的字段' })).toHaveText('级别');
  await expect(mappingTable.getByRole('combobox', { name: '「单价」对应的字段' })).toHaveText('不导入');
  await expect(mappingTable.getByRole('row', { name: /单价/ })).toContainText('12.5');
  await mappingTable.getByRole('combobox', { name: '「单价」对应的字段' }).click();
  await page.getByRole('option', { name: '价格' }).click();
  await expect(mappingTable.getByRole('combobox', { name: '「单价」对应的字段' })).toHaveText('价格');
  await dialog(page).getByRole('combobox', { name: '有错误行时' }).click();
  await page.getByRole('option', { name: '跳过错误行' }).click();
  await settled(page);
  await shot(page, 'import-mapping', { atBothWidths: true });

  // Step 3: 预检 — the counts and the bad row by its number and column.
  await dialog(page).getByRole('button', { name: '预检' }).click();
  const counts = dialog(page).getByLabel('行数');
  await expect(counts).toContainText('共3');
  await expect(counts).toContainText('新增2');
  await expect(counts).toContainText('有错误1');
  const errors = dialog(page).getByRole('table', { name: '错误行' });
  await expect(errors.locator('tbody tr')).toHaveCount(1);
  await expect(errors.locator('tbody tr').first()).toHaveText(/第 3 行级别（C3）级别的选项不正确：中/);
  // The preview: the good rows by their numbers as they would be saved, under the fields' titles
  // (级别 by its option's label); the bad row is not among them.
  const preview = dialog(page).getByRole('table', { name: '预览' });
  await expect(preview.getByRole('columnheader')).toHaveText(['行号', '标题', '价格', '级别']);
  await expect(preview.locator('tbody tr')).toHaveCount(2);
  await expect(preview.locator('tbody tr').first().getByRole('cell')).toHaveText([
    '2',
    '导入的第一条',
    '12.5',
    '高',
  ]);
  await expect(preview.locator('tbody tr').nth(1).getByRole('cell')).toHaveText([
    '4',
    '导入的第三条',
    '30',
    '低',
  ]);
  await settled(page);
  await shot(page, 'import-check', { atBothWidths: true });
  await expectNoSidewaysAt390(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'import-check-dark', { atBothWidths: true });
  await page.emulateMedia({ colorScheme: 'light' });

  // Step 4: 导入 (skipping the bad row), then the result.
  await dialog(page).getByRole('button', { name: '导入', exact: true }).click();
  const result = dialog(page).getByRole('status').filter({ hasText: '导入完成' });
  await expect(result).toContainText('新增 2 条，更新 0 条，跳过 1 行');
  await shot(page, 'import-done', { atBothWidths: true });

  const errorDownload = page.waitForEvent('download');
  await result.getByRole('button', { name: '下载错误行' }).click();
  const download = await errorDownload;
  expect(download.suggestedFilename()).toBe('价目表-错误行.xlsx');
  const errorsPath = test.info().outputPath('errors.xlsx');
  await download.saveAs(errorsPath);
  expect(await readDownload(errorsPath)).toEqual([
    ['标题', '单价', '级别', '错误'],
    ['导入的坏行', 8, '中', '第 3 行：级别：级别的选项不正确：中'],
  ]);

  await dialog(page).getByRole('button', { name: '完成' }).click();
  await expect(dialog(page)).toBeHidden();
  const rows = grid(page).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '导入的第一条' })).toContainText('12.5');
  await expect(rows.filter({ hasText: '导入的第三条' })).toContainText('低');
  await expect(grid(page)).not.toContainText('导入的坏行');
});
