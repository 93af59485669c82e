// What a user may upload: the kinds their roles' screens need (lib/uploads/kinds.ts) and at most
// 120 uploads a minute (lib/uploads/upload-rate.ts), counted where every instance sees the count.
// Runs on PGlite and on PostgreSQL.
import { GET as getSettingsRoute } from '@/app/api/v1/manage/system_set/get_system_set/route';
import { POST as saveSettingsRoute } from '@/app/api/v1/manage/system_set/save_system_set/route';
import { getDb } from '@/lib/db/client';
import { defaultSystemSettings } from '@/lib/settings/settings-schema';
import { call } from '../helpers/api';
import { isPostgresRun } from '../helpers/db-kind';
import { signedIn } from '../helpers/users';
import { useStorageDriver } from './helpers/drivers';
import { HEADS, sampleFile } from './helpers/fixtures';
import { keyOfUrl, upload } from './helpers/upload';

const png = () => sampleFile({ head: HEADS.png, size: 2_000, filename: 'logo.png' });
const FORBIDDEN_KIND = { code: 403, message: '没有权限上传该类型的文件', data: null };

describe('upload kinds by role', () => {
  const driver = useStorageDriver('local');

  it('lets a system_set user upload the logo and save it on 系统设置', async () => {
    const { token } = await signedIn({ roles: ['system_set'] });
    const uploaded = await upload({ token, kind: 'image', file: png(), kindIn: 'query' });
    expect(uploaded.body).toMatchObject({ code: 200, message: '上传成功' });
    const url = uploaded.body.data as string;
    expect(await driver.listKeys()).toContain(keyOfUrl(url));
    const saved = await call(saveSettingsRoute, {
      method: 'POST',
      token,
      body: { ...defaultSystemSettings(), logo: url },
    });
    expect(saved.body.code).toBe(200);
    const settings = await call<{ logo: string }>(getSettingsRoute, { token });
    expect(settings.body.data.logo).toBe(url);
    await call(saveSettingsRoute, { method: 'POST', token, body: defaultSystemSettings() });
  });

  it.each([
    ['system_set', 'video'],
    ['system_set', 'file'],
    ['manage_user', 'editor_image'],
    ['manage_user', 'editor_file'],
  ])('refuses a %s user kind %s with 403 before the body is read', async (role, kind) => {
    const { token, user } = await signedIn({ roles: [role] });
    const before = await driver.listKeys();
    const result = await upload({ token, kind, file: png(), kindIn: 'query' });
    expect([result.status, result.body]).toEqual([403, FORBIDDEN_KIND]);
    expect(await driver.listKeys()).toEqual(before);
    expect(await (await getDb()).uploadedFile.count({ where: { userId: user.id } })).toBe(0);
  });

  it('lets a manage_user user upload an avatar (kind image)', async () => {
    const { token } = await signedIn({ roles: ['manage_user'] });
    expect((await upload({ token, kind: 'image', file: png() })).body.code).toBe(200);
  });
});

describe('the upload rate (120 a minute per user)', () => {
  useStorageDriver('local');
  const RATE = { code: 429, message: '上传过于频繁，每分钟最多上传 120 个文件，请稍后再试', data: null };

  it('answers the 121st upload of a minute 429, one user’s count not another’s', async () => {
    const { token, user } = await signedIn({ roles: ['news_content'] });
    // In parallel: taking a point is one atomic step, so exactly 120 get through.
    const results = await Promise.all(
      Array.from({ length: 121 }, () => upload({ token, kind: 'image', file: png() })),
    );
    const codes = results.map((result) => result.body.code);
    expect(codes.filter((code) => code === 200)).toHaveLength(120);
    const refused = results.find((result) => result.body.code === 429);
    expect([refused?.status, refused?.body]).toEqual([429, RATE]);
    expect(await (await getDb()).uploadedFile.count({ where: { userId: user.id } })).toBe(120);

    const next = await upload({ token, kind: 'image', file: png() });
    expect([next.status, next.body]).toEqual([429, RATE]);
    const someoneElse = await signedIn({ roles: ['news_content'] });
    expect((await upload({ token: someoneElse.token, kind: 'image', file: png() })).body.code).toBe(200);

    // Another instance = other limiter objects on the same database.
    delete (globalThis as { __cmsRateLimiters?: unknown }).__cmsRateLimiters;
    const elsewhere = await upload({ token, kind: 'image', file: png() });
    if (isPostgresRun) {
      expect(elsewhere.body).toEqual(RATE);
      const rows = await (await getDb()).rateLimit.findMany({ where: { key: `upload_user:${user.id}` } });
      expect(rows.map((row) => row.points)).toEqual([123]);
    } else {
      // PGlite: one process per data dir, so no other instance can exist; the count was this process's.
      expect(elsewhere.body.code).toBe(200);
    }
  });
});
