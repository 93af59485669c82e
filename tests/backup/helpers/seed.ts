import { POST as saveSettingsRoute } from '@/app/api/v1/manage/system_set/save_system_set/route';
import { GET as getSettingsRoute } from '@/app/api/v1/manage/system_set/get_system_set/route';
import type { SystemSettings } from '@/lib/settings/settings-schema';
import { call } from '../../helpers/api';
import { createClass, field } from '../../helpers/categories';
import { newUser, GOOD_PASSWORD } from '../../helpers/manage-user';
import { createNews } from '../../helpers/news';
import { addRecord } from '../../helpers/process';
import { signedIn } from '../../helpers/users';
import { HEADS, sampleFile } from '../../storage/helpers/fixtures';
import { keyOfUrl, upload } from '../../storage/helpers/upload';

export const STEPS = [
  { title: '受理', value: 1 },
  { title: '办结', value: 2 },
];

/**
 * Fills the current site through the app's own route handlers: uploads of three kinds, a category
 * with dynamic fields (text, number, date-time, picture, several pictures) and a process child
 * category, items using the uploads in fields and rich text, process records with an attachment,
 * a user limited to one category, and settings with an uploaded logo.
 */
export const seedSite = async () => {
  const { token, user } = await signedIn({ roles: ['admin'], name: '管理员甲' });
  const samples = {
    cover: sampleFile({ head: HEADS.png, size: 70_000, filename: '封面.png' }),
    inline: sampleFile({ head: HEADS.gif, size: 3_000, filename: '插图.gif' }),
    attachment: sampleFile({ head: HEADS.pdf, size: 12_000, filename: '附件.pdf' }),
  };
  const uploaded = async (kind: string, file: (typeof samples)[keyof typeof samples]) => {
    const result = await upload({ token, kind, file });
    if (result.body.code !== 200) throw new Error(`upload failed: ${result.body.message}`);
    return {
      url: result.body.data as string,
      key: keyOfUrl(result.body.data as string),
      sha256: file.sha256,
    };
  };
  const files = {
    cover: await uploaded('image', samples.cover),
    inline: await uploaded('editor_image', samples.inline),
    attachment: await uploaded('file', samples.attachment),
  };

  const classId = await createClass(token, {
    name: '新闻中心',
    content_fileds: {
      list: [
        field({ key: 'source', title: '来源' }),
        field({ key: 'qty', title: '数量', type: 'int' }),
        field({ key: 'at', title: '时间', type: 'datetime' }),
        field({ key: 'cover', title: '封面', type: 'img' }),
        field({ key: 'gallery', title: '图集', type: 'mult_pictures' }),
      ],
    },
  });
  const processClassId = await createClass(token, {
    name: '办件',
    parent_id: classId,
    class_type: '4',
    content_fileds: { process: STEPS },
  });
  const itemIds: number[] = [];
  for (const [index, title] of ['第一条\t带制表符', '第二条 "引号" \\ 反斜杠', '第三条\n换行'].entries())
    itemIds.push(
      await createNews(token, {
        class_id: classId,
        title,
        new_time: 1_767_225_600 + index,
        content: `<p>正文 ${index}</p><img src="${files.inline.url}">`,
        source: `来源 ${index}`,
        qty: index * 10,
        at: 1_767_300_000 + index,
        cover: files.cover.url,
        gallery: `${files.cover.url},${files.inline.url}`,
      }),
    );
  const processItemId = await createNews(token, { class_id: processClassId, title: '一件事' });
  await addRecord(token, {
    news_id: processItemId,
    process: 1,
    title: '已受理',
    attachments: files.attachment.url,
  });
  await addRecord(token, { news_id: processItemId, process: 2, title: '已办结', remark: '备注\n第二行' });

  const editorId = await newUser(token, { name: '编辑乙', class_ids: [classId] });
  const settings = (await call<SystemSettings>(getSettingsRoute, { token })).body.data;
  const saved = await call(saveSettingsRoute, {
    method: 'POST',
    token,
    body: { ...settings, title: '备份测试站', logo: files.cover.url },
  });
  if (saved.body.code !== 200) throw new Error(`save_system_set failed: ${saved.body.message}`);
  return {
    token,
    admin: user,
    editorId,
    editorPassword: GOOD_PASSWORD,
    classId,
    processItemId,
    itemIds,
    files,
  };
};

export type Seeded = Awaited<ReturnType<typeof seedSite>>;
