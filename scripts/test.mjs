// `npm test`: every suite. First the static checks (Prettier's format check, ESLint, tsc on the app
// and tsc on the server's JavaScript, server/tsconfig.json), then jest (lib + API, on PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL), then a production build and the Playwright browser tests
// against it. Ends with one summary line; a failed check fails the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
process.chdir(root);
// Not test-results/: Playwright empties that folder when it starts.
const out = path.join(root, '.test-output');
fs.mkdirSync(out, { recursive: true });

const run = (label, args, env = {}) => {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
};

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

if (!fs.existsSync('lib/generated/prisma/client.ts')) run('prisma generate', ['scripts/generate-prisma.mjs']);

// The suites that need a PostgreSQL server (jest's postgres project, three browser specs) run when
// TEST_DATABASE_URL names one. Unset, the local server CI and these machines run is tried: if it
// answers, it is used; only where none answers do those suites stay out (and say so as skipped).
const LOCAL_POSTGRES = 'postgresql://root@127.0.0.1:5432/test';
if (!process.env.TEST_DATABASE_URL) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    process.env.TEST_DATABASE_URL = LOCAL_POSTGRES;
    console.log(`TEST_DATABASE_URL 未设置：使用本机的 PostgreSQL ${LOCAL_POSTGRES}`);
  } catch {
    console.log('TEST_DATABASE_URL 未设置，本机也没有可用的 PostgreSQL：需要它的测试将被跳过');
  } finally {
    await client.end().catch(() => undefined);
  }
}

// Bin files by path: eslint's package exports do not include its bin.
const bin = (file) => path.join(root, 'node_modules', file);
const checks = [
  ['format check (prettier)', [bin('prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.']],
  ['lint (eslint)', [bin('eslint/bin/eslint.js'), '.']],
  ['typecheck (tsc)', [bin('typescript/bin/tsc'), '--noEmit']],
  ['typecheck of server/ (tsc -p server)', [bin('typescript/bin/tsc'), '--noEmit', '-p', 'server']],
];
const failedChecks = checks.filter(([label, args]) => !run(label, args)).map(([label]) => label);
if (failedChecks.length) console.log(`\nchecks failed: ${failedChecks.join(', ')}`);

const jestFile = path.join(out, 'jest.json');
const playwrightFile = path.join(out, 'playwright.json');
fs.rmSync(jestFile, { force: true });
fs.rmSync(playwrightFile, { force: true });

const jestOk = run(
  'jest: lib and API suites',
  [require.resolve('jest/bin/jest'), '--json', `--outputFile=${jestFile}`],
  {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
  },
);
const buildOk = run('next build', [require.resolve('next/dist/bin/next'), 'build']);
const e2eOk =
  buildOk &&
  run(
    'playwright: browser suites',
    [require.resolve('@playwright/test/cli'), 'test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile,
    },
  );

const jest = readJson(jestFile);
const playwright = readJson(playwrightFile);
const passed = (jest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed =
  (jest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped = (jest?.numPendingTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const allOk = failedChecks.length === 0 && jestOk && buildOk && e2eOk && jest && playwright;
// A suite that could not run at all counts as a failure.
const broken = allOk ? 0 : Math.max(1, failed) - failed;
console.log(`\ntests: ${passed} passed, ${failed + broken} failed, ${skipped} skipped`);
process.exit(allOk && failed === 0 ? 0 : 1);
