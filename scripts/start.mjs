// `npm start`: builds when there is no build or the sources are newer than it, then serves the app.
// The server itself migrates the database and creates the first admin on start (instrumentation.ts).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
process.chdir(root);
const nextBin = require.resolve('next/dist/bin/next');
const distDir = process.env.NEXT_DIST_DIR || '.next';

const newestMtime = (entry) => {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry)) {
    if (child === 'generated' || child === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
};

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
  'next.config.js',
  'package-lock.json',
];
const sourcesMtime = Math.max(...sources.map(newestMtime));
if (!fs.existsSync(buildId) || fs.statSync(buildId).mtimeMs < sourcesMtime) {
  console.log('正在构建应用（首次启动或代码有更新）…');
  run([nextBin, 'build']);
}

const port = process.env.PORT || '3000';
console.log(`内容管理后台：http://localhost:${port}`);
const server = spawn(process.execPath, ['scripts/server.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: port },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
