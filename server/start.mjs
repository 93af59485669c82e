// `npm start`: builds when there is no build or the sources are newer than it, then serves the app
// in this same process (server/server.mjs: one Node start-up, not two). The server itself creates
// the embedded database, migrates it and creates the first admin on start (instrumentation.ts),
// with a line on the console for each.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
process.chdir(root);
const nextBin = require.resolve('next/dist/bin/next');
const distDir = process.env.NEXT_DIST_DIR || '.next';

/**
 * The newest modification time under `entry` (0 when it does not exist). One stat per file (the
 * folders' types come with their listings): this runs on every start.
 * @param {string} entry
 */
const newestMtime = (entry) => {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  /** @param {string} dir @returns {number} */
  const walk = (dir) => {
    let newest = 0;
    for (const child of fs.readdirSync(dir, { withFileTypes: true })) {
      if (child.name === 'generated' || child.name === 'node_modules') continue;
      const full = path.join(dir, child.name);
      newest = Math.max(newest, child.isDirectory() ? walk(full) : fs.statSync(full).mtimeMs);
    }
    return newest;
  };
  return walk(entry);
};

/** @param {string[]} args */
const run = (args) => {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!fs.existsSync('lib/generated/prisma/client.ts')) run(['scripts/generate-prisma.mjs']);

const buildId = path.join(distDir, 'BUILD_ID');
const sources = [
  'app',
  'components',
  'lib',
  'prisma',
  'public',
  'instrumentation.ts',
  'instrumentation-client.ts',
  'next.config.js',
  'package-lock.json',
];
const sourcesMtime = Math.max(...sources.map(newestMtime));
if (!fs.existsSync(buildId) || fs.statSync(buildId).mtimeMs < sourcesMtime) {
  const started = Date.now();
  console.log('正在构建应用（首次启动或代码有更新，约需几分钟）…');
  run([nextBin, 'build']);
  console.log(`构建完成（${((Date.now() - started) / 1000).toFixed(0)} 秒）`);
}

process.env.PORT ||= '3000';
console.log(`正在启动内容管理后台（端口 ${process.env.PORT}）…`);
await import('./server.mjs');
