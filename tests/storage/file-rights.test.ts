// Who may delete an upload, and when a deleted upload stays in storage (lib/uploads/delete-rule.ts,
// file-references.ts). Runs on PGlite and on PostgreSQL, on the local driver (the rules do not
// depend on the driver).
import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { POST as deleteRoute } from '@/app/api/v1/manage/news_manage/del_oss_file/route';
import { DELETE as purgeNewsRoute } from '@/app/api/v1/manage/news_manage/purge_news/route';
import { POST as saveClassInfoRoute } from '@/app/api/v1/manage/news_manage/save_class_info/route';
import { GET as getSettingsRoute } from '@/app/api/v1/manage/system_set/get_system_set/route';
import { POST as saveSettingsRoute } from '@/app/api/v1/manage/system_set/save_system_set/route';
import { GET as serveRoute } from '@/app/uploads/[...key]/route';
import { getDb } from '@/lib/db/client';
import { defaultSystemSettings } from '@/lib/settings/settings-schema';
import { FILE_IN_USE_FORBIDDEN, NOT_OWN_FILE } from '@/lib/uploads/delete-rule';
import { Prisma } from '@/lib/generated/prisma/client';
import { findFileReferences, REFERENCE_SOURCES } from '@/lib/uploads/file-references';
import { call } from '../helpers/api';
import { createClass, field } from '../helpers/categories';
import { createNews, saveNews, setRevisionKeep } from '../helpers/news';
import { addRecord } from '../helpers/process';
import { signedIn } from '../helpers/users';
import { useStorageDriver } from './helpers/drivers';
import { HEADS, sampleFile } from './helpers/fixtures';
import { keyOfUrl, upload } from './helpers/upload';

const path = '/api/v1/manage/news_manage/del_oss_file';
const KEPT = { code: 200, message: '已移除，文件仍在使用中，暂不删除', data: { kept: true } };
const DELETED = { code: 200, message: '删除成功', data: null };
const forbidden = (message: string) => ({ code: 403, message, data: null });

const FIELDS = [
  field({ key: 'cover', title: '封面', type: 'one_picture' }),
  field({ key: 'gallery', title: '图集', type: 'mult_pictures' }),
  field({ key: 'body', title: '详情', type: 'html_editor' }),
  field({
    key: 'rows',
    title: '明细',
    type: 'child_info',
    child_info: [field({ key: 'name', title: '名称' }), field({ key: 'pic', title: '图片', type: 'img' })],
  }),
];
const category = (name: string, classType = '4') => ({
  name,
  class_type: classType,
  content_fileds: {
    // An item's fields (list) and a single page's (class).
    class: FIELDS,
    list: FIELDS,
    process: classType === '4' ? [{ title: '提交', value: 1 }] : [],
  },
});

describe('deleting an upload (local driver)', () => {
  const driver = useStorageDriver('local');
  let admin = '';
  let classA = 0;
  let classB = 0;
  let single = 0;
  /** news_content, all categories: uploads most files here. */
  let uploader = '';
  /** news_content limited to category A. */
  let editorA = '';
  /** news_content, all categories, never the uploader. */
  let editor = '';
  let manager = { token: '', id: 0 };
  let settingsUser = '';

  beforeAll(async () => {
    admin = (await signedIn({ roles: ['admin'] })).token;
    classA = await createClass(admin, category('甲栏目'));
    classB = await createClass(admin, category('乙栏目'));
    single = await createClass(admin, category('单页', '1'));
    uploader = (await signedIn({ roles: ['news_content'] })).token;
    editor = (await signedIn({ roles: ['news_content'] })).token;
    const limited = await signedIn({ roles: ['news_content'] });
    await (await getDb()).adminUser.update({ where: { id: limited.user.id }, data: { classIds: [classA] } });
    editorA = limited.token;
    const managerSession = await signedIn({ roles: ['manage_user'] });
    manager = { token: managerSession.token, id: managerSession.user.id };
    settingsUser = (await signedIn({ roles: ['system_set'] })).token;
  });

  const uploaded = async (token = uploader) => {
    const result = await upload({
      token,
      kind: 'image',
      file: sampleFile({ head: HEADS.png, size: 20_000, filename: '图.png' }),
    });
    expect(result.body.code).toBe(200);
    const url = result.body.data as string;
    return { url, key: keyOfUrl(url), name: url.split('/').pop() as string };
  };
  const del = (token: string, name: string) =>
    call(deleteRoute, { method: 'POST', path, token, body: { name } });
  const record = async (name: string) => (await getDb()).uploadedFile.findUnique({ where: { name } });
  const served = async (url: string) =>
    (
      await serveRoute(new Request(`http://127.0.0.1:3000${url}`), {
        params: Promise.resolve({ key: keyOfUrl(url).split('/') }),
      })
    ).status;
  const expectStillThere = async (file: { url: string; key: string; name: string }) => {
    expect(await driver.listKeys()).toContain(file.key);
    expect(await served(file.url)).toBe(200);
    expect(await record(file.name)).not.toBeNull();
  };
  const expectGone = async (file: { key: string; name: string }) => {
    expect(await driver.listKeys()).not.toContain(file.key);
    expect(await record(file.name)).toBeNull();
  };
  const itemUsing = (classId: number, url: string) =>
    createNews(admin, { class_id: classId, title: '用图的内容', content: `<p><img src="${url}"></p>` });
  /** Saves item `id` of classA with content that shows no picture. */
  const dropPicture = async (id: number) => {
    const saved = await saveNews(admin, { id, class_id: classA, title: '不再用图', content: '<p>无图</p>' });
    expect(saved.body.code).toBe(200);
  };
  const saveLogo = async (logo: string) => {
    const saved = await call(saveSettingsRoute, {
      method: 'POST',
      token: settingsUser,
      body: { ...defaultSystemSettings(), logo },
    });
    expect(saved.body.code).toBe(200);
  };

  describe('who may', () => {
    it('refuses an editor limited to A a file an item of B uses: 403, the file still served', async () => {
      const file = await uploaded();
      await itemUsing(classB, file.url);
      const result = await del(editorA, file.name);
      expect([result.status, result.body]).toEqual([403, forbidden(FILE_IN_USE_FORBIDDEN)]);
      await expectStillThere(file);
    });

    it('refuses it too when the file is also the site logo (the finding: both broke)', async () => {
      const file = await uploaded();
      await itemUsing(classB, file.url);
      await saveLogo(file.url);
      try {
        expect((await del(editorA, file.name)).body).toEqual(forbidden(FILE_IN_USE_FORBIDDEN));
        // Rights on every category are not enough: the logo is 系统设置's.
        expect((await del(editor, file.name)).body).toEqual(forbidden(FILE_IN_USE_FORBIDDEN));
        await expectStillThere(file);
      } finally {
        await saveLogo('');
      }
    });

    it('lets the uploader delete a file nothing uses: gone from storage, record and all', async () => {
      const file = await uploaded();
      const result = await del(uploader, file.name);
      expect([result.status, result.body]).toEqual([200, DELETED]);
      await expectGone(file);
      const entry = await (
        await getDb()
      ).auditLog.findFirst({
        where: { action: 'delete', targetType: 'file' },
        orderBy: { id: 'desc' },
      });
      expect(entry?.detail).toMatchObject({ values: { file: file.name } });
    });

    it('refuses someone else a file nothing uses (it may wait in its uploader’s unsaved form)', async () => {
      const file = await uploaded();
      const result = await del(editor, file.name);
      expect([result.status, result.body]).toEqual([403, forbidden(NOT_OWN_FILE)]);
      await expectStillThere(file);
    });

    it('lets admin delete anyone’s file nothing uses', async () => {
      const file = await uploaded();
      expect((await del(admin, file.name)).body).toEqual(DELETED);
      await expectGone(file);
    });

    it('lets an editor with rights on every category that uses it let go of it: kept', async () => {
      const file = await uploaded();
      await itemUsing(classA, file.url);
      expect((await del(editorA, file.name)).body).toEqual(KEPT);
      await expectStillThere(file);
    });

    it('treats a file without a recorded uploader by the places that use it alone', async () => {
      const file = await uploaded();
      await (await getDb()).uploadedFile.update({ where: { name: file.name }, data: { userId: null } });
      expect((await del(uploader, file.name)).body).toEqual(forbidden(NOT_OWN_FILE));
      await itemUsing(classA, file.url);
      expect((await del(editorA, file.name)).body).toEqual(KEPT);
      await itemUsing(classB, file.url);
      expect((await del(editorA, file.name)).body).toEqual(forbidden(FILE_IN_USE_FORBIDDEN));
      await expectStillThere(file);
    });

    it('asks for the role of each place: 系统设置 for the logo, 管理员用户 for an avatar, 内容管理 for items', async () => {
      const logo = await uploaded();
      await saveLogo(logo.url);
      try {
        expect((await del(editor, logo.name)).body).toEqual(forbidden(FILE_IN_USE_FORBIDDEN));
        expect((await del(settingsUser, logo.name)).body).toEqual(KEPT);
      } finally {
        await saveLogo('');
      }
      const avatar = await uploaded();
      await (await getDb()).adminUser.update({ where: { id: manager.id }, data: { avatar: avatar.url } });
      expect((await del(settingsUser, avatar.name)).body).toEqual(forbidden(FILE_IN_USE_FORBIDDEN));
      expect((await del(manager.token, avatar.name)).body).toEqual(KEPT);
      const picture = await uploaded();
      await itemUsing(classA, picture.url);
      expect((await del(manager.token, picture.name)).body).toEqual(forbidden(FILE_IN_USE_FORBIDDEN));
      await expectStillThere(logo);
      await expectStillThere(avatar);
      await expectStillThere(picture);
    });
  });

  describe('a file still in use stays in storage after a permitted delete', () => {
    const places: [string, (url: string) => Promise<unknown>][] = [
      ['an item’s content HTML', (url) => itemUsing(classB, url)],
      [
        'an item’s picture field',
        (url) => createNews(admin, { class_id: classB, title: '封面', cover: url }),
      ],
      [
        'an item’s picture list',
        (url) => createNews(admin, { class_id: classB, title: '图集', gallery: `/uploads/x.png,${url}` }),
      ],
      [
        'an item’s rich-text field',
        (url) => createNews(admin, { class_id: classB, title: '详情', body: `<p><img src="${url}"></p>` }),
      ],
      [
        'a child_info row',
        (url) => createNews(admin, { class_id: classB, title: '明细', rows: [{ name: '行', pic: url }] }),
      ],
      [
        'a single page',
        async (url) => {
          const saved = await call(saveClassInfoRoute, {
            method: 'POST',
            token: admin,
            body: { id: single, cover: url },
          });
          expect(saved.body.code).toBe(200);
        },
      ],
      [
        'an earlier version of a single page (历史版本)',
        async (url) => {
          for (const cover of [url, '']) {
            const saved = await call(saveClassInfoRoute, {
              method: 'POST',
              token: admin,
              body: { id: single, cover },
            });
            expect(saved.body.code).toBe(200);
          }
        },
      ],
      [
        'an earlier version of an item (历史版本)',
        async (url) => {
          const id = await createNews(admin, { class_id: classB, title: '换过图', cover: url });
          expect(
            (await saveNews(admin, { id, class_id: classB, title: '换过图', cover: '' })).body.code,
          ).toBe(200);
        },
      ],
      [
        'an item in the 回收站',
        async (url) => {
          const id = await createNews(admin, { class_id: classB, title: '已删除', cover: url });
          expect((await call(delNewsRoute, { method: 'DELETE', token: admin, body: { id } })).body.code).toBe(
            200,
          );
        },
      ],
      [
        'a process record',
        async (url) => {
          const newsId = await createNews(admin, { class_id: classB, title: '有记录' });
          await addRecord(admin, { news_id: newsId, process: 1, attachments: [url] });
        },
      ],
      ['the site logo (系统设置)', (url) => saveLogo(url)],
      [
        'an avatar',
        async (url) => {
          await (await getDb()).adminUser.update({ where: { id: manager.id }, data: { avatar: url } });
        },
      ],
    ];

    it.each(places)('%s', async (_place, use) => {
      const file = await uploaded();
      await use(file.url);
      expect((await findFileReferences({ name: file.name })).length).toBeGreaterThan(0);
      expect((await del(uploader, file.name)).body).toEqual(KEPT);
      expect((await del(admin, file.name)).body).toEqual(KEPT);
      await expectStillThere(file);
    });

    it('stays while the item’s history shows it, and is deleted with the item’s purge', async () => {
      const file = await uploaded();
      const id = await itemUsing(classA, file.url);
      expect((await del(uploader, file.name)).body).toEqual(KEPT);
      await dropPicture(id);
      // An earlier revision still shows it: restoring that revision must find it.
      expect((await del(uploader, file.name)).body).toEqual(KEPT);
      await expectStillThere(file);
      expect((await call(delNewsRoute, { method: 'DELETE', token: admin, body: { id } })).body.code).toBe(
        200,
      );
      expect((await del(uploader, file.name)).body).toEqual(KEPT);
      expect(
        (await call(purgeNewsRoute, { method: 'DELETE', token: admin, body: { ids: [id] } })).body.code,
      ).toBe(200);
      await expectGone(file);
      expect((await del(uploader, file.name)).body.code).toBe(404);
    });

    it('goes once only revisions removed beyond revision_keep show it (their rows wait for the 8th)', async () => {
      await setRevisionKeep(1);
      try {
        const file = await uploaded();
        const id = await itemUsing(classA, file.url);
        await dropPicture(id);
        // Revision 1 showed it: removed as revision 2 was written, its row and its stored text wait.
        const [{ n }] = await (
          await getDb()
        ).$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM news_revision_text WHERE news_id = ${id} AND body LIKE ${`%${file.name}%`}`;
        expect(n).toBe(1);
        expect(await findFileReferences({ name: file.name })).toEqual([]);
        expect((await del(uploader, file.name)).body).toEqual(DELETED);
        await expectGone(file);
      } finally {
        await setRevisionKeep(50);
      }
    });

    it('matches the whole name: another name that shares all but one digit is no reference', async () => {
      const file = await uploaded();
      const other = `${file.name.slice(0, 31)}${file.name[31] === '0' ? '1' : '0'}.png`;
      await createNews(admin, {
        class_id: classA,
        title: '相似',
        content: `<p>/uploads/2026/01/${other}</p>`,
      });
      expect(await findFileReferences({ name: file.name })).toEqual([]);
      await itemUsing(classB, file.url);
      expect(await findFileReferences({ name: file.name })).toEqual([
        // The item's first revision (历史版本) shows it too, from the item's own text (a revision's
        // text is stored apart only once it leaves the item).
        { source: 'news', role: 'news_content', classId: classB },
      ]);
    });
  });

  it.each([
    ['news', 'news_upload_ids_idx'],
    ['news_process', 'news_process_upload_ids_idx'],
    ['news_trash', 'news_trash_upload_ids_idx'],
    ['news_revision_text', 'news_revision_text_upload_ids_idx'],
    ['news_revision', 'news_revision_upload_ids_idx'],
    ['class_info_revision', 'class_info_revision_upload_ids_idx'],
  ])('looks %s up through %s (the query repeats the indexed expression)', async (source, index) => {
    const select = REFERENCE_SOURCES.find((entry) => entry.name === source)!.select('0'.repeat(32));
    const plan = await (
      await getDb()
    ).$transaction(async (tx) => {
      // The tables are small here: without this the planner rightly prefers a scan.
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${select}`);
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(`Bitmap Index Scan on ${index}`);
  });

  describe('system_set', () => {
    it('uploads a logo, saves it on 系统设置, and deletes it once it is no longer the logo', async () => {
      const file = await uploaded(settingsUser);
      await saveLogo(file.url);
      try {
        const settings = await call<{ logo: string }>(getSettingsRoute, { token: settingsUser });
        expect(settings.body.data.logo).toBe(file.url);
        await expectStillThere(file);
      } finally {
        await saveLogo('');
      }
      // No longer the logo: its uploader may delete it.
      expect((await del(settingsUser, file.name)).body).toEqual(DELETED);
      await expectGone(file);
    });
  });
});
