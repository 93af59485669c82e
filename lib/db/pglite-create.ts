import 'server-only';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, tightenTree } from './private-files';
import { startUpLine } from './start-up-line';

const hasEntries = (dir: string) => {
  try {
    return fs.readdirSync(/*turbopackIgnore: true*/ dir).length > 0;
  } catch {
    return false;
  }
};

/**
 * Makes sure a PGlite data dir exists, created whole or not at all. Returns whether it created it.
 *
 * PGlite writes a new data dir file by file over several seconds (and near 800 MB) on a first
 * start. A process killed in that window (the OOM killer, a supervisor's restart) left a folder
 * that never opened again: `pg_hba.conf` missing, and every later start failed with "Cannot read
 * properties of undefined (reading 'call')". So a new dir is created in a sibling folder and
 * renamed into place only once it is complete and closed: the real path holds nothing or a
 * complete data dir. A leftover sibling from a killed start is discarded. The caller holds the
 * dir's lock.
 */
export const createDataDirOnce = async ({
  dir,
  create,
}: {
  dir: string;
  /** Writes a complete, closed data dir at the given path; rejects otherwise. */
  create: (dir: string) => Promise<void>;
}) => {
  if (hasEntries(dir)) return false;
  const staging = `${dir}.creating`;
  fs.rmSync(/*turbopackIgnore: true*/ staging, { recursive: true, force: true });
  // Made here 0700, so no other account can enter it while it fills; what the child made in it
  // under the process umask (PGlite gives its files 0666 in any case) is tightened before the
  // folder takes its real name (lib/db/private-files.ts).
  ensurePrivateDir(staging);
  await create(staging);
  tightenTree(staging);
  fs.rmSync(/*turbopackIgnore: true*/ dir, { recursive: true, force: true });
  fs.renameSync(/*turbopackIgnore: true*/ staging, dir);
  return true;
};

/**
 * Runs PGlite's initdb for `dir` in a child process (server/pglite-initdb.mjs): its ~800 MB peak
 * dies with the child instead of staying in the server, whose WebAssembly memory never shrinks.
 * The child ends itself when this process dies (it watches its parent), so a killed first start
 * leaves no process writing into the staging folder that the next start clears.
 *
 * The script is found under the working directory (the app's root: server/server.mjs moves
 * there; the container's payload carries it, next.config.js), as is the PGlite it loads.
 */
export const initDataDirInChild = (dir: string, options: object) =>
  new Promise<void>((resolve, reject) => {
    const script = path.join(/*turbopackIgnore: true*/ process.cwd(), 'server', 'pglite-initdb.mjs');
    const started = Date.now();
    startUpLine(`正在创建嵌入式数据库 ${dir.replace(/\.creating$/, '')}（仅首次启动）…`);
    const child = spawn(process.execPath, [script, dir, JSON.stringify(options)], {
      stdio: ['ignore', 'ignore', 'pipe'],
      // Not the server's node flags (an inspector port, say).
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 20_000) stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) {
        startUpLine(`嵌入式数据库已创建（${((Date.now() - started) / 1000).toFixed(1)} 秒）`);
        resolve();
      } else
        reject(
          new Error(
            `创建嵌入式数据库失败（${signal ?? `退出码 ${code}`}）：${stderr.trim().slice(-2000) || '无输出'}`,
          ),
        );
    });
  });
