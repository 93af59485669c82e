import { POST as deleteRoute } from '@/app/api/v1/manage/news_manage/del_oss_file/route';
import { getDb } from '@/lib/db/client';
import { call } from '../helpers/api';
import { signedIn } from '../helpers/users';
import { useStorageDriver, type DriverName } from './helpers/drivers';
import { HEADS, sampleFile } from './helpers/fixtures';
import { keyOfUrl, upload } from './helpers/upload';

const path = '/api/v1/manage/news_manage/del_oss_file';

describe.each<DriverName>(['local', 's3'])('del_oss_file on the %s driver', (driverName) => {
  const driver = useStorageDriver(driverName);
  let token = '';

  beforeAll(async () => {
    ({ token } = await signedIn({ roles: ['news_content'] }));
  });

  const uploaded = async () => {
    const result = await upload({
      token,
      kind: 'image',
      file: sampleFile({ head: HEADS.png, size: 70_000, filename: 'a.png' }),
    });
    const url = result.body.data as string;
    return { url, key: keyOfUrl(url), name: url.split('/').pop() as string };
  };

  it('deletes the object and its record', async () => {
    const { key, name } = await uploaded();
    expect(await driver.listKeys()).toContain(key);

    const result = await call(deleteRoute, { method: 'POST', path, token, body: { name } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ code: 200, message: '删除成功' });
    expect(await driver.listKeys()).not.toContain(key);
    expect(await (await getDb()).uploadedFile.findUnique({ where: { name } })).toBeNull();

    const again = await call(deleteRoute, { method: 'POST', path, token, body: { name } });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 404, message: '文件不存在' });
  });

  it.each([
    '../x',
    'a/b',
    'a\\b',
    '..',
    '',
    '../../etc/passwd',
    `2026/01/${'a'.repeat(32)}.png`,
    'Passwd',
    `${'a'.repeat(32)}.png/..`,
  ])('refuses the name %j with 400', async (name) => {
    const { key } = await uploaded();
    const result = await call(deleteRoute, { method: 'POST', path, token, body: { name } });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe(400);
    expect(await driver.listKeys()).toContain(key);
  });

  it('answers 404 for a well-formed name that was never uploaded', async () => {
    const result = await call(deleteRoute, {
      method: 'POST',
      path,
      token,
      body: { name: `${'0'.repeat(32)}.png` },
    });
    expect(result.body).toMatchObject({ code: 404, message: '文件不存在' });
  });

  it('asks for a role that uploads and a session', async () => {
    const { key, name } = await uploaded();
    const other = await signedIn({ roles: ['class_manage'] });
    expect(
      (await call(deleteRoute, { method: 'POST', path, token: other.token, body: { name } })).status,
    ).toBe(403);
    expect((await call(deleteRoute, { method: 'POST', path, body: { name } })).body.code).toBe(50008);
    expect(await driver.listKeys()).toContain(key);
  });
});
