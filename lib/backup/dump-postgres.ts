import 'server-only';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { Client } from 'pg';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '@/lib/db/private-files';
import { dataEntry, DUMP_ENTRY, type TableDump } from './archive-format';
import { LineSplitter } from './copy-text';
import { DumpScanner } from './dump-scanner';
import type { DatabaseDump } from './dump-types';
import { formatCount, throttled, type Reporter } from './reporter';

// Connection parameters libpq understands; anything else in DATABASE_URL (a driver's own option)
// would make pg_dump refuse the URI.
const LIBPQ_PARAMS = new Set([
  'sslmode',
  'sslrootcert',
  'sslcert',
  'sslkey',
  'sslcrl',
  'connect_timeout',
  'options',
  'application_name',
  'target_session_attrs',
  'channel_binding',
  'gssencmode',
]);

/** The URL for pg_dump's command line (no password: that goes in PGPASSWORD, never in `ps`). */
const dumpTarget = (url: string) => {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  for (const key of [...target.searchParams.keys()])
    if (!LIBPQ_PARAMS.has(key)) target.searchParams.delete(key);
  return { uri: target.toString(), password };
};

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `找不到 ${command}：请安装 PostgreSQL 客户端（版本不低于数据库服务器），或用环境变量 PG_DUMP 指定 pg_dump 的路径。`,
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const hint = /version mismatch/i.test(stderr)
        ? '\n（pg_dump 的版本不能低于数据库服务器：用 PG_DUMP 指向同版本或更新的 pg_dump）'
        : '';
      reject(new Error(`${command} 失败（退出码 ${code}）：${stderr.trim()}${hint}`));
    });
  });
  return { child, exited };
};

const write = async (out: fs.WriteStream, text: string | Buffer) => {
  if (!out.write(text)) await once(out, 'drain');
};

const closeStream = async (out: fs.WriteStream) => {
  out.end();
  await once(out, 'finish');
};

/**
 * Runs PostgreSQL's own pg_dump (PG_DUMP, or the one on PATH) on DATABASE_URL: its plain script is
 * kept whole as database.sql, and its COPY blocks are split into one data file per table. pg_dump
 * reads from one snapshot, so the app may keep writing meanwhile.
 */
export const dumpPostgres = async ({
  url,
  workDir,
  report,
}: {
  url: string;
  workDir: string;
  report: Reporter;
}): Promise<DatabaseDump> => {
  const pgDump = process.env.PG_DUMP?.trim() || 'pg_dump';
  let versionText = '';
  const version = run(pgDump, ['--version']);
  version.child.stdout.setEncoding('utf8').on('data', (text: string) => (versionText += text));
  await version.exited;

  const client = new Client({ connectionString: url });
  await client.connect();
  const schema = await client
    .query<{ schema: string }>('SELECT current_schema() AS schema')
    .then((result) => result.rows[0].schema)
    .finally(() => client.end());

  report.info(`使用 ${versionText.trim()}`);
  const { uri, password } = dumpTarget(url);
  const dump = run(pgDump, ['--format=plain', '--no-owner', '--no-privileges', `--dbname=${uri}`], {
    ...process.env,
    ...(password ? { PGPASSWORD: password } : {}),
  });
  dump.exited.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  const scanner = new DumpScanner(schema);
  const splitter = new LineSplitter();
  const sqlOut = fs.createWriteStream(path.join(workDir, DUMP_ENTRY), { mode: PRIVATE_FILE_MODE });
  const tables: TableDump[] = [];
  let current: { table: TableDump; out: fs.WriteStream } | null = null;
  const progress = throttled((rows) => report.info(`${current?.table.name}：${formatCount(rows)} 行…`), 2000);

  const handle = async (line: string) => {
    const event = scanner.scan(line);
    if (event?.type === 'copy-start') {
      const file = path.join(workDir, dataEntry(event.table));
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      current = {
        table: { name: event.table, columns: event.columns, rows: 0 },
        out: fs.createWriteStream(file, { mode: PRIVATE_FILE_MODE }),
      };
    } else if (event?.type === 'row' && current) {
      current.table.rows += 1;
      await write(current.out, `${event.line}\n`);
      if (current.table.rows % 10_000 === 0) progress(current.table.rows);
    } else if (event?.type === 'copy-end' && current) {
      await closeStream(current.out);
      tables.push(current.table);
      report.info(`${current.table.name}：${formatCount(current.table.rows)} 行`);
      current = null;
    }
  };

  try {
    for await (const chunk of dump.child.stdout as AsyncIterable<Buffer>) {
      await write(sqlOut, chunk);
      for (const line of splitter.push(chunk)) await handle(line);
    }
    for (const line of splitter.end()) await handle(line);
    await dump.exited;
  } catch (error) {
    dump.child.kill();
    throw error;
  } finally {
    await closeStream(sqlOut);
    const open = current as { out: fs.WriteStream } | null;
    if (open) await closeStream(open.out);
  }
  return {
    kind: 'postgresql',
    serverVersion: scanner.serverVersion,
    dumpedBy: `pg_dump ${scanner.pgDumpVersion}`,
    tables,
    sequences: scanner.sequences,
  };
};
