// Purging an item from the 回收站 deletes the uploads it mentioned that nothing else references any
// more (lib/recycle/release-files.ts): not one a live item, another bin item or a revision of a
// live item still shows. Both storage drivers; PGlite and PostgreSQL.
import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { DELETE as purgeNewsRoute } from '@/app/api/v1/manage/news_manage/purge_news/route';
import { getDb } from '@/lib/db/client';
import { purgeExpiredItems } from '@/lib/recycle/retention';
import { call } from '../helpers/api';
import { entriesOf } from '../helpers/audit';
import { createClass, field } from '../helpers/categories';
import { createNews, saveNews } from '../helpers/news';
import { addRecord } from '../helpers/process';
import { signedIn } from '../helpers/users';
import { useStorageDriver, type DriverName } from './helpers/drivers';
import { HEADS, sampleFile } from './helpers/fixtures';
import { keyOfUrl, upload } from './helpers/upload';

describe.each<DriverName>(['local', 's3'])('purging from the 回收站 on the %s driver', (driverName) => {
  const driver = useStorageDriver(driverName);
  let token = '';
  let classId = 0;

  beforeAll(async () => {
    ({ token } = await signedIn({ roles: ['news_content', 'class_manage', 'news_purge'] }));
    classId = await createClass(token, {
      name: '有图',
      class_type: '4',
      content_fileds: {
        list: [
          field({ key: 'cover', title: '封面', type: 'one_picture' }),
          field({
            key: 'rows',
            title: '明细',
            type: 'child_info',
            child_info: [field({ key: 'pic', title: '图片', type: 'img' })],
          }),
        ],
        process: [{ title: '提交', value: 1 }],
      },
    });
  });

  const uploaded = async () => {
    const result = await upload({
      token,
      kind: 'image',
      file: sampleFile({ head: HEADS.png, size: 2_000, filename: '图.png' }),
    });
    const url = result.body.data as string;
    return { url, key: keyOfUrl(url), name: url.split('/').pop() as string };
  };
  type File = Awaited<ReturnType<typeof uploaded>>;
  const isStored = async (file: File) =>
    (await driver.listKeys()).includes(file.key) &&
    (await (await getDb()).uploadedFile.count({ where: { name: file.name } })) === 1;
  const del = (ids: number[]) => call(delNewsRoute, { method: 'DELETE', token, body: { ids } });
  const purge = (ids: number[]) => call(purgeNewsRoute, { method: 'DELETE', token, body: { ids } });

  it('deletes only the files nothing else references', async () => {
    const [onlyHere, alsoLive, inLiveHistory, inRecord, alsoInBin, inOwnHistory, inChildRow] =
      await Promise.all(Array.from({ length: 7 }, () => uploaded()));
    // The item to purge: its content, a child row, a process record and (earlier) its own history.
    const doomed = await createNews(token, {
      class_id: classId,
      title: '要彻底删除',
      content: `<p><img src="${inOwnHistory.url}"></p>`,
    });
    const resaved = await saveNews(token, {
      id: doomed,
      class_id: classId,
      title: '要彻底删除',
      content: `<p><img src="${onlyHere.url}"><img src="${alsoLive.url}"><img src="${inLiveHistory.url}"></p>`,
      cover: alsoInBin.url,
      rows: [{ pic: inChildRow.url }],
    });
    expect(resaved.body.code).toBe(200);
    await addRecord(token, { news_id: doomed, process: 1, attachments: [inRecord.url] });
    // Elsewhere: a live item, an earlier revision of a live item, another item in the bin.
    await createNews(token, { class_id: classId, title: '活的', cover: alsoLive.url });
    const changed = await createNews(token, { class_id: classId, title: '改过', cover: inLiveHistory.url });
    expect(
      (await saveNews(token, { id: changed, class_id: classId, title: '改过', cover: '' })).body.code,
    ).toBe(200);
    const otherBinned = await createNews(token, {
      class_id: classId,
      title: '也在回收站',
      cover: alsoInBin.url,
    });
    expect((await del([doomed, otherBinned])).body.code).toBe(200);

    const all = [onlyHere, alsoLive, inLiveHistory, inRecord, alsoInBin, inOwnHistory, inChildRow];
    for (const file of all) expect(await isStored(file)).toBe(true);

    const { result, entries } = await entriesOf(() => purge([doomed]));
    expect(result.body).toMatchObject({ code: 200, data: { count: 1 } });
    const gone = [onlyHere, inRecord, inOwnHistory, inChildRow];
    const kept = [alsoLive, inLiveHistory, alsoInBin];
    for (const file of gone) expect([file.name, await isStored(file)]).toEqual([file.name, false]);
    for (const file of kept) expect([file.name, await isStored(file)]).toEqual([file.name, true]);
    expect(
      entries
        .filter((entry) => entry.target_type === 'file')
        .map((entry) => [entry.action, (entry.detail.values as { file: string }).file])
        .sort(),
    ).toEqual(gone.map((file) => ['delete', file.name]).sort());

    // The other bin item's purge, by retention, lets go of the file they shared.
    await (
      await getDb()
    ).$executeRaw`UPDATE news_trash SET deleted_at = now() - interval '400 days' WHERE id = ${otherBinned}`;
    expect((await purgeExpiredItems()).count).toBe(1);
    expect(await isStored(alsoInBin)).toBe(false);
    expect(await isStored(alsoLive)).toBe(true);
  });
});
