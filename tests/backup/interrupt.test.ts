// The commands as an operator runs them (scripts/backup-restore.mjs) and what they do around a
// running app: a restore killed mid-way, a backup while the embedded database is in use, and a
// backup of PostgreSQL while the app writes to it. The site is this project's kind of database
// (a PGlite folder, or this file's PostgreSQL database) with local files.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { createBackup } from '@/lib/backup/create-backup';
import { parseCopyLine } from '@/lib/backup/copy-text';
import { getDb } from '@/lib/db/client';
import { createClass } from '../helpers/categories';
import { isPostgresRun } from '../helpers/db-kind';
import { createNews } from '../helpers/news';
import { signedIn } from '../helpers/users';
import { HEADS, sampleFile } from '../storage/helpers/fixtures';
import { upload } from '../storage/helpers/upload';
import { readArchive } from './helpers/archive';
import { pgliteSite, restoreEnv, snapshot, tempDir, useSite, type Site } from './helpers/sites';

const quiet = { phase: () => {}, info: () => {} };
const ITEMS = 3000; // enough rows that a restore is still loading when the test kills it

let site: Site;
let token: string;
let classId: number;
let workDir: string;
let archive: string;
let archived: Record<string, string[]>;

beforeAll(async () => {
  const fileDatabase = process.env.DATABASE_URL ?? '';
  workDir = await tempDir('cms-cli-');
  site = isPostgresRun
    ? {
        name: 'cli',
        env: {
          DATABASE_URL: fileDatabase,
          STORAGE_DRIVER: 'local',
          UPLOAD_DIR: path.join(workDir, 'uploads'),
        },
      }
    : await pgliteSite({ name: 'cli' });
  await useSite(site);
  ({ token } = await signedIn({ roles: ['admin'] }));
  classId = await createClass(token, { name: '新闻' });
  await upload({
    token,
    kind: 'image',
    file: sampleFile({ head: HEADS.png, size: 20_000, filename: 'a.png' }),
  });
  await (
    await getDb()
  ).$executeRawUnsafe(
    `INSERT INTO news (class_id, title, fields, updated_at)
     SELECT $1, '条目 ' || i, jsonb_build_object('n', i), now() FROM generate_series(1, $2::int) AS i`,
    classId,
    ITEMS,
  );
  archived = await snapshot();
  await useSite(site);
  archive = path.join(workDir, 'site.tar.gz');
  await createBackup({ file: archive, report: quiet });
}, 120_000);

afterAll(restoreEnv);

const runCli = (args: string[]) =>
  spawn(process.execPath, [path.join(process.cwd(), 'scripts', 'backup-restore.mjs'), ...args], {
    env: { ...process.env, ...site.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

it('a restore killed mid-way leaves the database as it was (all or nothing, never half-loaded)', async () => {
  await useSite(site);
  await createNews(token, { class_id: classId, title: '备份之后新增' });
  const before = await snapshot();
  await useSite(site); // the app stops, as docs/OPERATIONS.md asks before a restore

  const child = runCli(['restore', archive, '--force']);
  let stdout = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
    if (stdout.includes('3/4 载入数据') && !child.killed) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const [, signal] = (await once(child, 'exit')) as [number | null, string | null];
  if (signal !== 'SIGKILL') throw new Error(`the restore ended before it was killed:\n${stdout}\n${stderr}`);
  expect(stdout).toContain('--force：删除已有数据');
  expect(stdout).not.toContain('恢复完成');

  await useSite(site);
  const after = await snapshot();
  // Killed before COMMIT: as before. (Killed in the instant between COMMIT and its last line: the
  // archive's state, complete.) Anything else — no tables, some tables — is the failure this guards.
  expect([before, archived]).toContainEqual(after);
}, 90_000);

// Each of the next two is about one kind of database, so it is declared only in the jest project
// that runs on that kind (the other project has nothing to run for it, rather than a skipped test).
const onPglite = isPostgresRun ? () => undefined : it;
const onPostgres = isPostgresRun ? it : () => undefined;

onPglite('a backup refuses while the app has the embedded database open', async () => {
  await useSite(site);
  // The app's lock file, held by another live process (as a running `npm start` holds it).
  const owner: ChildProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  const lockPath = `${site.env.PGLITE_DIR}.lock`;
  fs.writeFileSync(lockPath, String(owner.pid));
  try {
    const file = path.join(workDir, 'refused.tar.gz');
    await expect(createBackup({ file, report: quiet })).rejects.toThrow(
      new RegExp(`正被运行中的应用（进程 ${owner.pid}）使用。先停止应用`),
    );
    expect(fs.readdirSync(workDir).filter((name) => name.startsWith('refused'))).toEqual([]);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(owner.pid));
  } finally {
    owner.kill();
    fs.rmSync(lockPath, { force: true });
  }
});

onPostgres(
  'backs up PostgreSQL from one snapshot while the app keeps writing',
  async () => {
    await useSite(site);
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) await createNews(token, { class_id: classId, title: `写入中 ${i}` });
    })();
    const file = path.join(workDir, 'live.tar.gz');
    try {
      await createBackup({ file, report: quiet });
    } finally {
      writing = false;
      await writer;
    }
    const { entries, manifest } = await readArchive(file);
    const rowsOf = (table: string) => {
      const columns = manifest.database.tables.find((t) => t.name === table)!.columns;
      return entries
        .get(`data/${table}.copy`)!
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => Object.fromEntries(parseCopyLine(line).map((value, i) => [columns[i], value])));
    };
    // The trigger-kept total and the rows it counts come from the same instant.
    const items = rowsOf('news').filter((row) => row.class_id === String(classId)).length;
    const stat = rowsOf('news_class_stat').find((row) => row.class_id === String(classId))!;
    expect(Number(stat.total)).toBe(items);
    expect(items).toBeGreaterThan(ITEMS);
  },
  60_000,
);
