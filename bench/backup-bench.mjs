// Time of `npm run backup` / `npm run restore` on a site of a few thousand items, as an operator
// runs them (scripts/backup-restore.mjs in a child process, start-up included), along the move a
// growing site makes and back:
//   PGlite + local files  --backup-->  archive  --restore-->  PostgreSQL + S3 (s3rver)
//   PostgreSQL + S3       --backup-->  archive  --restore-->  a new PGlite folder + local files
//
//   DATABASE_URL=postgresql://root@127.0.0.1:5432/test node bench/backup-bench.mjs [--items 5000] [--files 300]
//
// DATABASE_URL names the server; the bench creates and drops a database of its own there. s3rver
// listens on 127.0.0.1:3340 (S3RVER_PORT). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { root, startS3rver } from './harness.mjs';

const require = createRequire(import.meta.url);
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const ITEMS = arg('items', 5000);
const FILES = arg('files', 300);
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl)
  throw new Error('DATABASE_URL (a PostgreSQL server to create a scratch database on) is required');

const { createJiti } = require('jiti');
const jiti = createJiti(import.meta.url, {
  alias: {
    '@/': `${root}/`,
    'server-only': path.join(path.dirname(require.resolve('server-only')), 'empty.js'),
  },
});
const { applyMigrations } = await jiti.import(path.join(root, 'lib/db/migrate.ts'));

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-backup-bench-'));
const dbName = `cms_bench_${randomBytes(4).toString('hex')}`;
const admin = async (sql) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};

/** A PGlite site with ITEMS items over 10 categories and FILES uploads (40–120 KB) they use. */
const fillSource = async ({ dir, uploads }) => {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pglite = await PGlite.create(dir);
  await applyMigrations({
    runner: {
      query: async (sql, params) => (await pglite.query(sql, params)).rows,
      exec: async (sql) => void (await pglite.exec(sql)),
    },
  });
  const keys = [];
  let bytes = 0;
  for (let i = 0; i < FILES; i += 1) {
    const key = `2026/11/${randomBytes(16).toString('hex')}.png`;
    const size = 40_000 + ((i * 7919) % 80_000);
    fs.mkdirSync(path.join(uploads, '2026', '11'), { recursive: true });
    fs.writeFileSync(path.join(uploads, key), randomBytes(size));
    await pglite.query(
      `INSERT INTO uploaded_file (name, key, driver, kind, mime_type, size) VALUES ($1, $2, 'local', 'image', 'image/png', $3)`,
      [key.slice(8), key, size],
    );
    keys.push(key);
    bytes += size;
  }
  await pglite.exec(
    `INSERT INTO news_class (key, name, updated_at) SELECT 'c' || i, '栏目' || i, now() FROM generate_series(1, 10) i`,
  );
  const body = '<p>正文段落，包含一些中文内容与 English words。</p>'.repeat(12);
  await pglite.query(
    `INSERT INTO news (class_id, title, content, fields, updated_at)
     SELECT 1 + i % 10, '条目标题 ' || i, $1 || '<img src="/uploads/' || ($2::text[])[1 + i % $3] || '">',
            jsonb_build_object('cover', '/uploads/' || ($2::text[])[1 + i % $3], 'n', i), now()
       FROM generate_series(1, $4::int) i`,
    [body, keys, keys.length, ITEMS],
  );
  await pglite.close();
  return { bytes };
};

const runCli = (args, env) =>
  new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(root, 'scripts/backup-restore.mjs'), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0
        ? resolve({ seconds: (Date.now() - started) / 1000, out })
        : reject(new Error(`${args[0]} failed:\n${out}`)),
    );
  });

const s3server = await startS3rver({
  directory: path.join(work, 's3rver'),
  bucket: 'bench',
  port: Number(process.env.S3RVER_PORT || 3340),
});
const s3env = s3server.env;

try {
  const source = { dir: path.join(work, 'a', 'pglite'), uploads: path.join(work, 'a', 'uploads') };
  const { bytes } = await fillSource(source);
  await admin(`CREATE DATABASE "${dbName}"`);
  const pgUrl = new URL(serverUrl);
  pgUrl.pathname = `/${dbName}`;
  const sites = {
    a: { DATABASE_URL: '', PGLITE_DIR: source.dir, STORAGE_DRIVER: 'local', UPLOAD_DIR: source.uploads },
    b: { DATABASE_URL: pgUrl.toString(), ...s3env },
    c: {
      DATABASE_URL: '',
      PGLITE_DIR: path.join(work, 'c', 'pglite'),
      STORAGE_DRIVER: 'local',
      UPLOAD_DIR: path.join(work, 'c', 'uploads'),
    },
  };
  const archive1 = path.join(work, 'a.tar.gz');
  const archive2 = path.join(work, 'b.tar.gz');
  const steps = [
    ['backup  PGlite + local', ['backup', archive1], sites.a],
    ['restore → PostgreSQL + S3', ['restore', archive1], sites.b],
    ['backup  PostgreSQL + S3', ['backup', archive2], sites.b],
    ['restore → new PGlite + local', ['restore', archive2], sites.c],
  ];
  console.log(`${ITEMS} items, ${FILES} files (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
  for (const [label, args, env] of steps) {
    const { seconds, out } = await runCli(args, env);
    const size =
      args[0] === 'backup' ? ` archive ${(fs.statSync(args[1]).size / 1024 / 1024).toFixed(1)} MB` : '';
    const phases = [...out.matchAll(/^\[(\d+\.\d)s\] (\d\/\d) ([^（\s]+)/gm)].map(
      (m) => `${m[2]} ${m[3]} @${m[1]}s`,
    );
    console.log(`${label.padEnd(30)} ${seconds.toFixed(1).padStart(5)} s${size}   (${phases.join(', ')})`);
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((error) =>
    console.error(`could not drop ${dbName}: ${error.message}`),
  );
  fs.rmSync(work, { recursive: true, force: true });
  // s3rver's close() can wait on idle keep-alive sockets; nothing is left to wait for.
  await Promise.race([s3server.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
  process.exit();
}
