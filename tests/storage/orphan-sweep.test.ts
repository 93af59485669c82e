// The orphan sweep (lib/uploads/orphan-sweep.ts): uploads nothing uses, older than the grace, are
// removed — their object and record, with an 操作日志 entry — while a file any place still uses
// (file-references.ts: an item, a process record, the 回收站, an item's or a single page's history,
// a single page, 系统设置, an avatar) or one younger than the grace stays. Objects without a record
// and (locally) half-written parts go too. A dry run lists the same and changes nothing; so does
// `npm run storage:sweep -- --dry-run` (lib/uploads/sweep-cli.ts). Both drivers; PGlite and
// PostgreSQL. (One instance at a time: tests/postgres/orphan-sweep-lock.test.ts.)
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DELETE as delNewsRoute } from '@/app/api/v1/manage/news_manage/del_news/route';
import { POST as saveClassInfoRoute } from '@/app/api/v1/manage/news_manage/save_class_info/route';
import { POST as saveSettingsRoute } from '@/app/api/v1/manage/system_set/save_system_set/route';
import { getDb } from '@/lib/db/client';
import { defaultSystemSettings } from '@/lib/settings/settings-schema';
import { getStorage } from '@/lib/storage/get-storage';
import { newStorageKey } from '@/lib/storage/keys';
import {
  DEFAULT_GRACE_HOURS,
  orphanGraceHours,
  sweepOrphanFiles,
  type SweptFile,
} from '@/lib/uploads/orphan-sweep';
import { startOrphanSweep, stopOrphanSweep } from '@/lib/uploads/orphan-sweep-timer';
import { runSweepCli } from '@/lib/uploads/sweep-cli';
import { call } from '../helpers/api';
import { createClass, field } from '../helpers/categories';
import { createNews, saveNews } from '../helpers/news';
import { addRecord } from '../helpers/process';
import { signedIn } from '../helpers/users';
import { useStorageDriver, type DriverName } from './helpers/drivers';
import { HEADS, sampleFile } from './helpers/fixtures';
import { keyOfUrl, upload } from './helpers/upload';

// The default grace (24 h). What is to be old is moved 25 hours back: its record's created_at and
// its object's modification time (the file's mtime locally; s3rver answers its file's mtime).
const OLD = () => new Date(Date.now() - 25 * 3_600_000);

const FIELDS = [
  field({ key: 'cover', title: '封面', type: 'one_picture' }),
  field({ key: 'body', title: '详情', type: 'html_editor' }),
];
const category = (name: string, classType = '4') => ({
  name,
  class_type: classType,
  content_fileds: {
    class: FIELDS,
    list: FIELDS,
    process: classType === '4' ? [{ title: '提交', value: 1 }] : [],
  },
});

type File = { url: string; key: string; name: string };

describe.each<DriverName>(['local', 's3'])('the orphan sweep on the %s driver', (driverName) => {
  const driver = useStorageDriver(driverName);
  let admin = '';
  let manager = 0;
  let classId = 0;
  let single = 0;

  beforeAll(async () => {
    admin = (await signedIn({ roles: ['admin'] })).token;
    manager = (await signedIn({ roles: ['manage_user'] })).user.id;
    classId = await createClass(admin, category('有图'));
    single = await createClass(admin, category('单页', '1'));
  });

  const uploaded = async (): Promise<File> => {
    const result = await upload({
      token: admin,
      kind: 'image',
      file: sampleFile({ head: HEADS.png, size: 3_000, filename: '图.png' }),
    });
    expect(result.body.code).toBe(200);
    const url = result.body.data as string;
    return { url, key: keyOfUrl(url), name: url.split('/').pop() as string };
  };
  /** An object in the store with no uploaded_file row (its upload died before recording it). */
  const unrecorded = async () => {
    const { key } = newStorageKey({ ext: 'png' });
    await getStorage().put({
      key,
      body: Readable.from([HEADS.png]),
      contentType: 'image/png',
      contentDisposition: 'inline',
    });
    return key;
  };
  /** A half-written part a killed upload left (local only). */
  const partial = async () => {
    const { key } = newStorageKey({ ext: 'png' });
    const [year, month, name] = key.split('/');
    const dir = path.join(process.env.UPLOAD_DIR as string, year, month);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `.${name}.0badc0de.part`), 'half');
    return `${year}/${month}/.${name}.0badc0de.part`;
  };
  /** Moves an upload (record and object) or a bare object 25 hours into the past. */
  const age = async (target: File | string) => {
    const key = typeof target === 'string' ? target : target.key;
    if (typeof target !== 'string') {
      await (
        await getDb()
      ).$executeRaw`
        UPDATE uploaded_file SET created_at = now() - interval '25 hours' WHERE name = ${target.name}`;
    }
    if (driverName === 's3') await driver.s3!.setModified(key, OLD());
    else await utimes(path.join(process.env.UPLOAD_DIR as string, ...key.split('/')), OLD(), OLD());
  };
  const isRecorded = async (file: File) =>
    (await (await getDb()).uploadedFile.count({ where: { name: file.name } })) === 1;
  const saveLogo = async (logo: string) =>
    expect(
      (
        await call(saveSettingsRoute, {
          method: 'POST',
          token: admin,
          body: { ...defaultSystemSettings(), logo },
        })
      ).body.code,
    ).toBe(200);
  const saveSingle = async (cover: string) =>
    expect(
      (await call(saveClassInfoRoute, { method: 'POST', token: admin, body: { id: single, cover } })).body
        .code,
    ).toBe(200);

  /** A file used in each place the reference list names. */
  const PLACES: [string, (file: File) => Promise<unknown>][] = [
    [
      'item',
      (file) =>
        createNews(admin, { class_id: classId, title: '用图', body: `<p><img src="${file.url}"></p>` }),
    ],
    [
      'process record',
      async (file) =>
        addRecord(admin, {
          news_id: await createNews(admin, { class_id: classId, title: '有记录' }),
          process: 1,
          attachments: [file.url],
        }),
    ],
    [
      '回收站',
      async (file) => {
        const id = await createNews(admin, { class_id: classId, title: '已删除', cover: file.url });
        expect((await call(delNewsRoute, { method: 'DELETE', token: admin, body: { id } })).body.code).toBe(
          200,
        );
      },
    ],
    [
      'item history',
      async (file) => {
        const id = await createNews(admin, { class_id: classId, title: '换图', cover: file.url });
        expect((await saveNews(admin, { id, class_id: classId, title: '换图', cover: '' })).body.code).toBe(
          200,
        );
      },
    ],
    ['single page', (file) => saveSingle(file.url)],
    ['system setting', (file) => saveLogo(file.url)],
    [
      'avatar',
      async (file) =>
        (await getDb()).adminUser.update({ where: { id: manager }, data: { avatar: file.url } }),
    ],
  ];

  it('removes what nothing uses once past the grace and keeps the rest; a dry run only lists it', async () => {
    const used = await Promise.all(PLACES.map(() => uploaded()));
    for (const [index, [, use]] of PLACES.entries()) await use(used[index]);
    // A single page's earlier version: saved with the file, then without it.
    const inPageHistory = await uploaded();
    await saveSingle(inPageHistory.url);
    await saveSingle(used[PLACES.findIndex(([place]) => place === 'single page')].url);
    const unused = await uploaded();
    const lost = await unrecorded();
    const half = driverName === 'local' ? await partial() : null;
    for (const old of [...used, inPageHistory, unused, lost, ...(half ? [half] : [])]) await age(old);
    const youngUnused = await uploaded();
    const youngLost = await unrecorded();

    const expected = [
      { key: unused.key, reason: 'unreferenced' },
      { key: lost, reason: 'unrecorded' },
      ...(half ? [{ key: half, reason: 'partial' }] : []),
    ];
    // Records are swept whatever their driver: an earlier block's files may be among them.
    const brief = (files: SweptFile[]) =>
      files.filter((file) => file.driver === driverName).map(({ key, reason }) => ({ key, reason }));
    const before = (await driver.listKeys()).sort();
    const auditBefore = await (await getDb()).auditLog.count();

    const dry = await sweepOrphanFiles({ isDryRun: true });
    expect([dry.isBusy, dry.isOff]).toEqual([false, false]);
    expect(brief(dry.files)).toEqual(expected);
    expect(dry.files.every((file) => !file.isFailed)).toBe(true);
    expect((await driver.listKeys()).sort()).toEqual(before);
    expect(await isRecorded(unused)).toBe(true);
    expect(await (await getDb()).auditLog.count()).toBe(auditBefore);

    // The command line's dry run: the same list, nothing changed.
    const lines: string[] = [];
    expect(
      await runSweepCli({ argv: ['--dry-run'], print: (line) => lines.push(line), close: async () => {} }),
    ).toBe(0);
    const listed = lines.filter((line) => line.startsWith('将删除')).map((line) => line.split(/\s+/));
    expect(listed.filter(([, driverOf]) => driverOf === driverName).map(([, , key]) => key)).toEqual(
      expected.map((file) => file.key),
    );
    expect(lines.at(-1)).toMatch(new RegExp(`^试运行：将删除 ${listed.length} 个文件.*超过 24 小时未被使用`));
    expect((await driver.listKeys()).sort()).toEqual(before);

    const swept = await sweepOrphanFiles();
    expect(brief(swept.files)).toEqual(expected);
    const keys = await driver.listKeys();
    for (const gone of expected) expect(keys).not.toContain(gone.key);
    expect(await isRecorded(unused)).toBe(false);
    for (const file of [...used, inPageHistory, youngUnused]) {
      expect(keys).toContain(file.key);
      expect(await isRecorded(file)).toBe(true);
    }
    expect(keys).toContain(youngLost);
    const entry = await (
      await getDb()
    ).auditLog.findFirst({
      where: { action: 'delete', targetType: 'file' },
      orderBy: { id: 'desc' },
    });
    expect(entry).toMatchObject({
      userId: null,
      detail: {
        name: '图.png',
        values: { file: unused.name, kind: 'image' },
        reason: '上传后超过 24 小时未被使用',
      },
    });
    // One 操作日志 entry per record (the other block's files the new logo and avatar replaced included).
    expect(await (await getDb()).auditLog.count()).toBe(
      auditBefore + swept.files.filter((file) => file.reason === 'unreferenced').length,
    );

    // Nothing left to do.
    expect((await sweepOrphanFiles()).files).toEqual([]);
  }, 60_000);

  it('runs a pass when the server starts (UPLOAD_ORPHAN_HOURS), and not at all when it is 0', async () => {
    const unused = await uploaded();
    await age(unused);
    process.env.UPLOAD_ORPHAN_HOURS = '0';
    try {
      startOrphanSweep();
      await stopOrphanSweep();
      expect(await isRecorded(unused)).toBe(true);
      delete process.env.UPLOAD_ORPHAN_HOURS;
      startOrphanSweep();
      await stopOrphanSweep();
    } finally {
      delete process.env.UPLOAD_ORPHAN_HOURS;
    }
    // Stopping waits for the pass it started (it may end early, after its batch: one is enough).
    expect(await isRecorded(unused)).toBe(false);
    expect(await driver.listKeys()).not.toContain(unused.key);
  }, 30_000);
});

describe('UPLOAD_ORPHAN_HOURS', () => {
  it('defaults to 24 hours; 0 turns the sweep off; a wrong value falls back to 24', () => {
    expect(DEFAULT_GRACE_HOURS).toBe(24);
    expect(orphanGraceHours({} as unknown as NodeJS.ProcessEnv)).toBe(24);
    expect(orphanGraceHours({ UPLOAD_ORPHAN_HOURS: ' 48 ' } as unknown as NodeJS.ProcessEnv)).toBe(48);
    expect(orphanGraceHours({ UPLOAD_ORPHAN_HOURS: '0' } as unknown as NodeJS.ProcessEnv)).toBe(0);
    expect(orphanGraceHours({ UPLOAD_ORPHAN_HOURS: '-1' } as unknown as NodeJS.ProcessEnv)).toBe(24);
    expect(orphanGraceHours({ UPLOAD_ORPHAN_HOURS: 'soon' } as unknown as NodeJS.ProcessEnv)).toBe(24);
  });

  it('the command line refuses an unknown option and says when the sweep is off', async () => {
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    const close = async () => {};
    expect(await runSweepCli({ argv: ['--force'], print, close })).toBe(2);
    expect(lines[0]).toMatch(/^未知的选项：--force/);
    process.env.UPLOAD_ORPHAN_HOURS = '0';
    try {
      expect(await runSweepCli({ argv: [], print, close })).toBe(0);
    } finally {
      delete process.env.UPLOAD_ORPHAN_HOURS;
    }
    expect(lines.at(-1)).toBe('UPLOAD_ORPHAN_HOURS=0：清理已关闭，未做任何改动。');
  });
});
