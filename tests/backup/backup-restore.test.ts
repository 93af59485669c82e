// npm run backup / restore, end to end on real databases and stores: a site filled through the
// app's route handlers on PGlite + local files is backed up and restored onto the other kind —
// PostgreSQL + s3rver in the postgres project, another PGlite folder + s3rver in the pglite one —
// then backed up there and restored back onto PGlite + local files. Every row and every file must
// come back identical (file URLs moved to the new store) and the app must serve them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GET as getNewsListRoute } from '@/app/api/v1/manage/news_manage/get_news_list/route';
import { GET as getNewsOneRoute } from '@/app/api/v1/manage/news_manage/get_news_one/route';
import { GET as getRevisionRoute } from '@/app/api/v1/manage/news_manage/get_news_revision/route';
import { GET as getRevisionsRoute } from '@/app/api/v1/manage/news_manage/get_news_revisions/route';
import { GET as getSettingsRoute } from '@/app/api/v1/manage/system_set/get_system_set/route';
import { GET as serveUploadRoute } from '@/app/uploads/[...key]/route';
import { createBackup } from '@/lib/backup/create-backup';
import { RefusedError } from '@/lib/backup/load-database';
import { restoreBackup } from '@/lib/backup/restore-backup';
import { call } from '../helpers/api';
import { isPostgresRun } from '../helpers/db-kind';
import { processList } from '../helpers/process';
import { loginAs } from '../helpers/users';
import { sha256 } from '../storage/helpers/fixtures';
import { startTestS3, type TestS3 } from '../storage/helpers/s3-server';
import { readArchive, writeEditedArchive } from './helpers/archive';
import { seedSite, type Seeded } from './helpers/seed';
import {
  movedSnapshot,
  pgliteSite,
  postgresSite,
  restoreEnv,
  snapshot,
  storedFiles,
  tempDir,
  useSite,
  type Site,
} from './helpers/sites';

const collect = () => {
  const lines: string[] = [];
  const t0 = Date.now();
  const add = (text: string) => {
    lines.push(text);
    if (process.env.BACKUP_TEST_DEBUG) process.stderr.write(`${Date.now() - t0}ms ${text}\n`);
  };
  return { lines, report: { phase: add, info: (text: string) => add(`  ${text}`) } };
};

let s3: TestS3;
let source: Site;
let target: Site;
let seeded: Seeded;
let sourceRows: Record<string, string[]>;
let workDir: string;
let archive: string;
const filesOf = () => Object.fromEntries(Object.values(seeded.files).map((file) => [file.key, file.sha256]));
const keys = () => Object.values(seeded.files).map((file) => file.key);
const s3Base = () => `${s3.env.S3_PUBLIC_URL}/`;
const onTarget = () =>
  movedSnapshot({
    rows: sourceRows,
    keys: keys(),
    from: { base: '/uploads/', driver: 'local' },
    to: { base: s3Base(), driver: 's3' },
  });

beforeAll(async () => {
  const fileDatabase = process.env.DATABASE_URL ?? ''; // this file's own PostgreSQL database (postgres project)
  s3 = await startTestS3();
  source = await pgliteSite({ name: 'source' });
  target = isPostgresRun
    ? await postgresSite({ name: 'target', url: fileDatabase, s3 })
    : await pgliteSite({ name: 'target', s3 });
  await useSite(source);
  seeded = await seedSite();
  sourceRows = await snapshot();
  await useSite(source); // the app lets go of the folder, as a stopped app would
  workDir = await tempDir('cms-archives-');
  archive = path.join(workDir, 'site.tar.gz');
}, 120_000);

afterAll(async () => {
  await restoreEnv();
  await s3?.stop();
});

describe('backup and restore across database and store kinds', () => {
  it('backs up PGlite + local files into one archive with a real pg_dump and a manifest', async () => {
    const { lines, report } = collect();
    const result = await createBackup({ file: archive, report });
    expect(result.file).toBe(archive);
    expect(fs.readdirSync(workDir)).toEqual(['site.tar.gz']); // no partial file left beside it

    const { entries, manifest } = await readArchive(archive);
    const dump = entries.get('database.sql')!.toString('utf8');
    expect(dump).toMatch(/-- Dumped by pg_dump version 1[78]/);
    expect(dump).toMatch(/CREATE TABLE public\.news \(/);
    expect(dump).toMatch(/SET transaction_timeout = 0;/); // PGlite is PostgreSQL 17+: why restore never runs this script
    expect(manifest.database).toMatchObject({ kind: 'pglite', lastMigration: expect.any(String) });
    expect(manifest.database.dumpedBy).toMatch(/pglite-tools pg_dump/);
    for (const [table, rows] of Object.entries(sourceRows))
      expect([table, manifest.database.tables.find((t) => t.name === table)?.rows]).toEqual([
        table,
        rows.length,
      ]);
    expect(manifest.storage).toMatchObject({ driver: 'local', urlBase: '/uploads/', files: 3, missing: [] });
    for (const entry of manifest.entries)
      expect(entry.sha256).toBe(createHash('sha256').update(entries.get(entry.path)!).digest('hex'));
    for (const [key, hash] of Object.entries(filesOf()))
      expect(sha256(entries.get(`uploads/${key}`)!)).toBe(hash);
    expect(lines.join('\n')).toMatch(/1\/3 导出数据库[\s\S]*news：4 行[\s\S]*3\/3 个文件[\s\S]*备份完成/);
  }, 60_000);

  it(`restores it onto ${isPostgresRun ? 'PostgreSQL' : 'another PGlite folder'} + S3: identical rows and files, served by the app`, async () => {
    await useSite(target);
    const { lines, report } = collect();
    const result = await restoreBackup({ file: archive, force: false, report });
    expect(result.files).toBe(3);
    expect(result.urlsRewritten).toBeGreaterThan(0);
    const { news_revision_text: texts, ...restored } = await snapshot();
    const { news_revision_text: movedTexts, ...expected } = onTarget();
    expect(restored).toEqual(expected);
    // The stored texts moved with the files, and the newest revisions' texts that were the items' own
    // (read by md5 from their rows, which the move rewrote) are stored under their hashes now.
    expect(texts).toEqual(expect.arrayContaining(movedTexts));
    const added = texts.filter((line) => !movedTexts.includes(line));
    expect(added.length).toBeGreaterThan(0);
    for (const line of added) expect(line).toContain(s3Base());
    expect(await storedFiles(target)).toEqual(filesOf());
    expect(lines.join('\n')).toMatch(/校验和全部一致[\s\S]*3\/4 载入数据和文件[\s\S]*恢复完成/);

    const { token, files } = seeded;
    const item = (
      await call<Record<string, string>>(getNewsOneRoute, { token, query: { id: String(seeded.itemIds[0]) } })
    ).body.data;
    expect(item).toMatchObject({
      title: '第一条\t带制表符',
      source: '来源 0',
      qty: 0,
      cover: `${s3Base()}${files.cover.key}`,
    });
    expect(item.gallery).toBe(`${s3Base()}${files.cover.key},${s3Base()}${files.inline.key}`);
    expect(item.content).toContain(`<img src="${s3Base()}${files.inline.key}"`);
    // Its newest revision reads back as the item is (content and fields with the new addresses).
    const history = await call<{ data: { rev: number }[] }>(getRevisionsRoute, {
      token,
      query: { id: String(seeded.itemIds[0]) },
    });
    const newest = await call<Record<string, string>>(getRevisionRoute, {
      token,
      query: { id: String(seeded.itemIds[0]), rev: String(history.body.data.data[0].rev) },
    });
    expect(newest.status).toBe(200);
    expect(newest.body.data).toMatchObject({
      content: item.content,
      cover: item.cover,
      gallery: item.gallery,
    });
    const served = await fetch(item.cover);
    expect(served.status).toBe(200);
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(files.cover.sha256);
    const list = await call<{ total: number }>(getNewsListRoute, {
      token,
      query: { class_id: String(seeded.classId) },
    });
    expect(list.body.data.total).toBe(3);
    const records = (await processList(token, { id: seeded.processItemId })).body.data;
    expect(records.map((record) => [record.title, record.attachments])).toEqual(
      expect.arrayContaining([['已受理', `${s3Base()}${files.attachment.key}`]]),
    );
    const settings = (await call<{ title: string; logo: string }>(getSettingsRoute, { token })).body.data;
    expect(settings).toMatchObject({ title: '备份测试站', logo: `${s3Base()}${files.cover.key}` });
    const editor = (
      await call<Record<string, unknown>>(getNewsOneRoute, {
        token,
        query: { id: String(seeded.itemIds[1]) },
      })
    ).body.data;
    expect(editor.title).toBe('第二条 "引号" \\ 反斜杠');
    await loginAs({ username: seeded.admin.username, password: seeded.admin.password });
  }, 60_000);

  describe('refusals and failures leave the target as it was', () => {
    let before: Record<string, string[]>;
    beforeAll(async () => {
      before = await snapshot();
    });

    it('refuses a database that holds data unless --force, changing nothing', async () => {
      await useSite(target);
      const restoring = restoreBackup({ file: archive, force: false, report: collect().report });
      await expect(restoring).rejects.toThrow(RefusedError);
      await expect(restoring).rejects.toThrow(/已有数据[\s\S]*--force/);
      expect(await snapshot()).toEqual(before);
    }, 60_000);

    it('refuses a corrupted archive (checksum mismatch) before loading anything', async () => {
      const corrupted = path.join(workDir, 'corrupted.tar.gz');
      const coverEntry = `uploads/${seeded.files.cover.key}`;
      await writeEditedArchive({
        from: archive,
        to: corrupted,
        fixManifest: false,
        edit: {
          [coverEntry]: (bytes) => {
            const changed = Buffer.from(bytes);
            changed[100] ^= 0xff; // one flipped byte, same size
            return changed;
          },
        },
      });
      await useSite(target);
      await expect(restoreBackup({ file: corrupted, force: true, report: collect().report })).rejects.toThrow(
        new RegExp(`校验失败[\\s\\S]*${coverEntry} 的校验和不一致`),
      );
      expect(await snapshot()).toEqual(before);
      expect(await storedFiles(target)).toEqual(filesOf());
    }, 60_000);

    it('leaves the database as it was when a restore fails part-way, even with --force', async () => {
      const { manifest } = await readArchive(archive);
      const columns = manifest.database.tables.find((table) => table.name === 'news_process')!.columns;
      const bad = path.join(workDir, 'bad-row.tar.gz');
      // A well-formed archive (checksums match) whose process record names an item that does not
      // exist: found only once every table is loaded and the foreign keys are put back.
      await writeEditedArchive({
        from: archive,
        to: bad,
        fixManifest: true,
        edit: {
          'data/news_process.copy': (bytes) => {
            const [first, ...rest] = bytes.toString('utf8').split('\n');
            const values = first.split('\t');
            values[columns.indexOf('news_id')] = '999999';
            return Buffer.from([values.join('\t'), ...rest].join('\n'));
          },
        },
      });
      await useSite(target);
      const { lines, report } = collect();
      await expect(restoreBackup({ file: bad, force: true, report })).rejects.toThrow(/news_process/);
      expect(lines.join('\n')).toMatch(/--force：删除已有数据[\s\S]*news_process：2 行[\s\S]*4\/4/); // it got that far
      expect(await snapshot()).toEqual(before);
    }, 60_000);
  });

  it('moves back onto PGlite + local files: rows and files identical, served at /uploads/', async () => {
    await useSite(target);
    const targetRows = await snapshot();
    await useSite(target);
    const again = path.join(workDir, 'from-target.tar.gz');
    await createBackup({ file: again, report: collect().report });
    const { manifest } = await readArchive(again);
    expect(manifest.database.dumpedBy).toMatch(isPostgresRun ? /^pg_dump / : /pglite-tools/);
    expect(manifest.storage).toMatchObject({ driver: 's3', urlBase: s3Base(), files: 3 });

    const back = await pgliteSite({ name: 'back' });
    await useSite(back);
    await restoreBackup({ file: again, force: false, report: collect().report });
    const expected = movedSnapshot({
      rows: targetRows,
      keys: keys(),
      from: { base: s3Base(), driver: 's3' },
      to: { base: '/uploads/', driver: 'local' },
    });
    expect(await snapshot()).toEqual(expected);
    expect(await storedFiles(back)).toEqual(filesOf());
    const { key, sha256: hash } = seeded.files.attachment;
    const response = await serveUploadRoute(new Request(`http://127.0.0.1/uploads/${key}`), {
      params: Promise.resolve({ key: key.split('/') }),
    });
    expect(response.status).toBe(200);
    expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(hash);
  }, 90_000);
});
